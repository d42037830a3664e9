import postgres from 'postgres';

import { migrate } from '../../server/migrate.ts';
import { openPglite } from '../../server/pglite-database.ts';
import type { Database } from '../../supabase/functions/api/lib/database.ts';
import { connectPostgres } from '../../supabase/functions/api/lib/postgres-database.ts';
import { postgresServerUrl } from './postgres-server.ts';

export type Backend = 'pglite' | 'postgres';

// The API suites run on embedded PGlite always, and on a real PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it, with DB_REQUIRED, so nothing is skipped there).
export const backends: Backend[] = postgresServerUrl('the api suites on PostgreSQL')
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  database: Database;
  url: string | null;
  close(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

// A new, migrated database for one suite: in-memory PGlite, or a fresh PostgreSQL database.
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const database = await openPglite(null);
    await migrate(database);
    return { database, url: null, close: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `fc_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = withDatabaseName(serverUrl, name);
  const database = connectPostgres(url, { max: 20 });
  await migrate(database);
  return {
    database,
    url,
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

// Runs SQL as the connection's own (owner) role, outside the API: for arranging state the API
// cannot produce (a ride in the past) and for checking what the database really holds.
export async function ownerQuery<Row = Record<string, any>>(
  db: TestDatabase,
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  return db.database.transaction((tx) => tx.query<Row>(text, params));
}
