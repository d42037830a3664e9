// The api's view of Postgres. Each host (Node with PGlite or PostgreSQL, Deno on Supabase)
// hands the app an implementation; the app never touches a runtime global.

export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  // Several statements in one string, no parameters: migrations and seeds.
  exec(script: string): Promise<void>;
}

export interface Database {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  // One read-only statement on its own (autocommit), for the list cache's version check: no
  // BEGIN/COMMIT round trips. Hosts without it get a one-statement transaction instead.
  readStatement?<Row = Record<string, unknown>>(text: string): Promise<Row[]>;
  // Only where this process is the database's one client (embedded PGlite): how many times a
  // transaction has begun or ended here. A read taken while the count stood still is still true
  // until it moves. Absent where other processes may write.
  changeCount?(): number;
  // Postgres LISTEN: onPayload hears each NOTIFY on the channel once its transaction commits,
  // until the returned function stops it. The Node host's two databases have it (the ride chat's
  // live stream, docs/decisions/0025-the-ride-chat-live-by-server-sent-events.md).
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type ApiRole = 'anon' | 'authenticated';

export interface Caller {
  userId: number;
  isAdmin: boolean;
}

// Says who the transaction acts for: private.act_as writes the caller into a table that only
// the owner (the connection's own role) can write, naming this transaction, and
// app.current_user_id() / app.is_admin() read it back (docs/decisions/0010-unforgeable-caller.md).
// Run it as the owner, before `set local role`. Null forgets a caller set earlier in the
// transaction. Exported for the SQL-level tests, which set the caller exactly as the api does.
export async function setCaller(tx: Queryable, caller: Caller | null): Promise<void> {
  await tx.query('select private.act_as($1::integer, $2::boolean)', [
    caller ? caller.userId : null,
    caller?.isAdmin ?? false,
  ]);
}

// One request's transaction. Queries run as the API role (RLS applies); only the auth module
// reaches the private schema, through `asOwner`, with the connection's own role.
export class RequestDb {
  #tx: Queryable;
  #activeRole: ApiRole | 'owner' = 'owner';
  #apiRole: ApiRole = 'anon';
  #callerSet = false;

  constructor(tx: Queryable) {
    this.#tx = tx;
  }

  // A visitor's request writes nothing (no caller row is the anonymous caller), so it takes no
  // transaction id; a member's request writes one row.
  async actAs(caller: Caller | null): Promise<void> {
    if (caller || this.#callerSet) {
      await this.#switchRole('owner');
      await setCaller(this.#tx, caller);
      this.#callerSet = caller !== null;
    }
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
