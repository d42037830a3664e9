// The api's view of Postgres. Each host (Node with PGlite or PostgreSQL, Deno on Supabase)
// hands the app an implementation; the app never touches a runtime global.

export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  // Several statements in one string, no parameters: migrations and seeds.
  exec(script: string): Promise<void>;
}

export interface Database {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type ApiRole = 'anon' | 'authenticated';

export interface Caller {
  userId: number;
  isAdmin: boolean;
}

// One request's transaction. Queries run as the API role (RLS applies); only the auth module
// reaches the private schema, through `asOwner`, with the connection's own role.
export class RequestDb {
  #tx: Queryable;
  #activeRole: ApiRole | 'owner' = 'owner';
  #apiRole: ApiRole = 'anon';

  constructor(tx: Queryable) {
    this.#tx = tx;
  }

  async actAs(caller: Caller | null): Promise<void> {
    await this.#switchRole('owner');
    await this.#tx.query(
      `select set_config('app.user_id', $1::text, true), set_config('app.is_admin', $2::text, true)`,
      [caller ? String(caller.userId) : '', caller?.isAdmin ? 'true' : 'false'],
    );
    this.#apiRole = caller ? 'authenticated' : 'anon';
  }

  async query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]> {
    await this.#switchRole(this.#apiRole);
    return this.#tx.query<Row>(text, params);
  }

  async one<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row | undefined> {
    const rows = await this.query<Row>(text, params);
    return rows[0];
  }

  async asOwner<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]> {
    await this.#switchRole('owner');
    return this.#tx.query<Row>(text, params);
  }

  async #switchRole(role: ApiRole | 'owner'): Promise<void> {
    if (this.#activeRole === role) return;
    // Role names are our two constants, never user input.
    await this.#tx.query(role === 'owner' ? 'set local role none' : `set local role ${role}`);
    this.#activeRole = role;
  }
}
