import type { Health } from '../../_shared/schemas/app-response.ts';
import type { Database } from './database.ts';

export type { Health };

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
