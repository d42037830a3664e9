import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

import postgres from 'postgres';

import { migrate, MIGRATIONS_DIR } from '../../server/migrate.ts';
import { openPglite } from '../../server/pglite-database.ts';
import type { Database } from '../../supabase/functions/api/lib/database.ts';
import { connectPostgres } from '../../supabase/functions/api/lib/postgres-database.ts';
import { postgresServerUrl } from './postgres-server.ts';

export type Backend = 'pglite' | 'postgres';

// Every host this run reaches: embedded PGlite always, a real PostgreSQL when TEST_DATABASE_URL is
// set (CI sets it, with DB_REQUIRED, so nothing is skipped there). Only for the suites whose
// behaviour depends on the host (docs/decisions/0021-a-postgresql-twin-only-where-the-host-matters.md):
// concurrent transactions and locks, roles and row-level security, the driver's values and
// errors, the database's locale, code paths only one host takes.
export const backends: Backend[] = postgresServerUrl('the api suites on PostgreSQL')
  ? ['pglite', 'postgres']
  : ['pglite'];

// Every other suite: the same SQL does the same on every host, so it runs once, on PGlite (there
// without any setup). The host-dependent part of what it touches has its twin in a suite above.
export const oneBackend: Backend[] = ['pglite'];

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

const REPO_ROOT = new URL('../..', import.meta.url).pathname;
const TEMPLATE_CACHE = join(REPO_ROOT, 'node_modules/.cache/fc-rideshare-tests');

// Everything a migrated database is made of: a change to any of it makes a new template. Read
// once per process: every suite's database and host asks for it.
let databaseKey: string | undefined;
function migratedDatabaseKey(): string {
  databaseKey ??= hashMigratedDatabase();
  return databaseKey;
}

function hashMigratedDatabase(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  hash.update(`pglite ${pglite.version}\n`);
  for (const file of ['server/bootstrap.sql', 'supabase/seed.sql']) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(join(REPO_ROOT, file)));
  }
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

// Most of a new PGlite's time is initdb, not the migrations: each suite starts from a copy of one
// migrated cluster instead, kept on disk because every test file runs in its own process.
let pgliteTemplate: Promise<Blob> | undefined;
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = join(TEMPLATE_CACHE, `pglite-${migratedDatabaseKey()}.tar.gz`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // Not made yet (or by another worker right now: each writes its own and renames).
    }
    const database = await openPglite(null);
    try {
      await migrate(database);
      const dump = await database.dumpDataDir();
      mkdirSync(TEMPLATE_CACHE, { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      // Older templates only fill the disk; a reader that has one open keeps its copy.
      for (const old of readdirSync(TEMPLATE_CACHE)) {
        if (old.startsWith('pglite-') && join(TEMPLATE_CACHE, old) !== file && !old.endsWith('.partial')) {
          rmSync(join(TEMPLATE_CACHE, old), { force: true });
        }
      }
      return dump;
    } finally {
      await database.close();
    }
  })();
  return pgliteTemplate;
}

// The same migrated cluster as a PGlite data directory on disk (DATA_DIR/pgdata of a Node host):
// a host started on a copy skips initdb and the migrations, most of its start (e2e startApp:
// 23 s -> 9 s on the loaded 2-core machine). Copy it (withMigratedPglite); never open it in place.
async function migratedPgliteDataDir(): Promise<string> {
  const dir = join(TEMPLATE_CACHE, `pgdata-${migratedDatabaseKey()}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const database = await openPglite(partial, { loadDataDir: await migratedPgliteTemplate() });
  await database.close();
  try {
    renameSync(join(partial, 'pgdata'), dir);
  } catch (error) {
    // Another worker made it first.
    if (!existsSync(join(dir, 'PG_VERSION'))) throw error;
  }
  rmSync(partial, { recursive: true, force: true });
  // Older ones only fill the disk; one made in the last hour may still be being copied.
  for (const old of readdirSync(TEMPLATE_CACHE)) {
    const path = join(TEMPLATE_CACHE, old);
    if (old.startsWith('pgdata-') && path !== dir && statSync(path).mtimeMs < Date.now() - 3_600_000) {
      rmSync(path, { recursive: true, force: true });
    }
  }
  return dir;
}

// DATA_DIR for a Node host on a copy of the migrated cluster, for suites about something other
// than a first start (which restart.test.ts keeps making from nothing, in its first test).
export async function withMigratedPglite(dataDir: string): Promise<string> {
  cpSync(await migratedPgliteDataDir(), join(dataDir, 'pgdata'), { recursive: true });
  return dataDir;
}

// The migrations run once per server and set of migrations, into a template database each suite's
// database is copied from (a copy takes a fifth of the migrations' time). Made and copied under one
// lock: the copy refuses a template anyone is connected to, and two workers may start at once.
const TEMPLATE_LOCK = 7_240_531;
// CREATE DATABASE runs outside a transaction: the lock is the session's (admin has one connection).
async function underTemplateLock<T>(admin: postgres.Sql, work: () => Promise<T>): Promise<T> {
  await admin`select pg_advisory_lock(${TEMPLATE_LOCK})`;
  try {
    return await work();
  } finally {
    await admin`select pg_advisory_unlock(${TEMPLATE_LOCK})`;
  }
}

// Run under the template lock: the template of this set of migrations, made if missing.
async function migratedPostgresTemplate(admin: postgres.Sql, serverUrl: string): Promise<string> {
  const template = `fc_template_${migratedDatabaseKey()}`;
  const [made] = await admin`select 1 from pg_database where datname = ${template}`;
  if (made) return template;
  // Older templates (and a half-made one) only fill the server's disk.
  const old = await admin<{ datname: string }[]>`
    select datname from pg_database where starts_with(datname, 'fc_template_')`;
  for (const { datname } of old) await admin.unsafe(`drop database if exists ${datname} with (force)`);
  const partial = `${template}_partial`;
  await admin.unsafe(`create database ${partial}`);
  const database = connectPostgres(withDatabaseName(serverUrl, partial), { max: 1 });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  await admin.unsafe(`alter database ${partial} rename to ${template}`);
  return template;
}

// A new, migrated database for one suite: in-memory PGlite, or a fresh PostgreSQL database.
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const database = await openPglite(null, { loadDataDir: await migratedPgliteTemplate() });
    return { database, url: null, close: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `fc_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await underTemplateLock(admin, async () => {
    const template = await migratedPostgresTemplate(admin, serverUrl);
    await admin.unsafe(`create database ${name} template ${template}`);
  });
  const url = withDatabaseName(serverUrl, name);
  const database = connectPostgres(url, { max: 20 });
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

// A fresh migrated PostgreSQL database for a host to open by its URL (the browser journeys'
// hosts): no connection is kept here, and drop() removes it.
export async function createPostgresDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `fc_e2e_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await underTemplateLock(admin, async () => {
      const template = await migratedPostgresTemplate(admin, serverUrl);
      await admin.unsafe(`create database ${name} template ${template}`);
    });
  } finally {
    await admin.end();
  }
  return {
    url: withDatabaseName(serverUrl, name),
    async drop() {
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
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
