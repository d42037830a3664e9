import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Database } from '../supabase/functions/api/lib/database.ts';

const projectRoot = new URL('..', import.meta.url).pathname;
export const MIGRATIONS_DIR = join(projectRoot, 'supabase/migrations');
const SEED_FILE = join(projectRoot, 'supabase/seed.sql');
const BOOTSTRAP_FILE = join(projectRoot, 'server/bootstrap.sql');
const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/;
// Any constant works; it only has to be the same for every api process.
const MIGRATION_LOCK_KEY = 7_243_001;

export interface MigrationResult {
  applied: string[];
  seeded: boolean;
}

// Applies what Supabase would: the bootstrap (roles, extensions), then each migration once,
// recorded in the same table the Supabase CLI uses, then the seed on a new database.
export async function migrate(db: Database): Promise<MigrationResult> {
  await db.transaction((tx) => tx.exec(readFileSync(BOOTSTRAP_FILE, 'utf8')));

  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key, statements text[], name text
      );`);
    const done = new Set(
      (await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).map(
        (row) => row.version,
      ),
    );
    const isNewDatabase = done.size === 0;
    const applied: string[] = [];

    for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
      const match = MIGRATION_FILE.exec(file);
      if (!match || done.has(match[1])) continue;
      await tx.exec(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1::text, $2::text)', [
        match[1],
        match[2],
      ]);
      applied.push(file);
    }

    const seeded = isNewDatabase && existsSync(SEED_FILE);
    if (seeded) await tx.exec(readFileSync(SEED_FILE, 'utf8'));
    return { applied, seeded };
  });
}
