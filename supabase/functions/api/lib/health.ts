import type { Database } from './database.ts';

export interface Health {
  status: 'ok' | 'error';
  database: 'ok' | 'unavailable';
  // The newest migration's version, from the table the Supabase CLI and server/migrate.ts both
  // record into; null where no migration was recorded there.
  migration: string | null;
}

// Outside the request's transaction, so a database that cannot open one still gets an answer
// (503) rather than the error handler's 500.
export async function readHealth(database: Database): Promise<Health> {
  try {
    const migration = await database.transaction(async (tx) => {
      const [table] = await tx.query<{ present: boolean }>(
        "select to_regclass('supabase_migrations.schema_migrations') is not null as present",
      );
      if (!table?.present) return null;
      const [newest] = await tx.query<{ version: string | null }>(
        'select max(version) as version from supabase_migrations.schema_migrations',
      );
      return newest?.version ?? null;
    });
    return { status: 'ok', database: 'ok', migration };
  } catch {
    return { status: 'error', database: 'unavailable', migration: null };
  }
}
