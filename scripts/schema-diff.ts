// The schema files (supabase/schemas) against the migrations (supabase/migrations): each applied
// to a fresh database on one PostgreSQL server, then compared as `pg_dump --schema-only` and by
// the rows they hold (the reference data of supabase/schemas/seed, ADR 0044). The
// Supabase CLI's `db diff` does this with Docker; this works with Debian's PostgreSQL alone.
//
//   node --import tsx scripts/schema-diff.ts [server-url]   (default: TEST_DATABASE_URL)
//
// Prints nothing and exits 0 when the two agree; otherwise prints the diff (migrations on the
// `---` side, schema files on `+++`) and exits 1. The `+` lines are what a new migration must add;
// `npm run db:migration -- <name>` (scripts/db-migration.ts) writes that migration.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import postgres from 'postgres';

import { migrate } from '../server/migrate.ts';
import { connectPostgres } from '../supabase/functions/api/lib/postgres-database.ts';
import { referenceChanges, type ReferenceData, referenceData, showChanges } from './reference-data.ts';

const projectRoot = new URL('..', import.meta.url).pathname;
export const SCHEMAS_DIR = join(projectRoot, 'supabase/schemas');
const BOOTSTRAP_FILE = join(projectRoot, 'server/bootstrap.sql');
const DEMO_SEED_FILE = join(projectRoot, 'supabase/seed.sql');

// Lexical order, as the Supabase CLI applies supabase/schemas without `schema_paths`.
export function schemaFiles(dir = SCHEMAS_DIR): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
}

// The reference rows (supabase/schemas/seed, ADR 0044), as paths from `dir`: after every schema
// file, so that a row finds every check, function and trigger it needs.
export function seedFiles(dir = SCHEMAS_DIR): string[] {
  const seeds = join(dir, 'seed');
  if (!existsSync(seeds)) return [];
  return schemaFiles(seeds).map((file) => `seed/${file}`);
}

// What applySchemaFiles runs as one script, in its order.
export function schemaScriptFiles(dir = SCHEMAS_DIR): string[] {
  return [...schemaFiles(dir), ...seedFiles(dir)];
}

export async function applyMigrations(url: string): Promise<void> {
  const database = connectPostgres(url, { max: 1 });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
}

// What hosted Supabase has (the bootstrap), then every schema file and the reference rows in one
// transaction, then the demo data of supabase/seed.sql, which server/migrate.ts adds to a new
// database after the migrations (and `supabase db reset` after the schema).
export async function applySchemaFiles(url: string, dir = SCHEMAS_DIR): Promise<void> {
  const database = connectPostgres(url, { max: 1 });
  try {
    await database.transaction((tx) => tx.exec(readFileSync(BOOTSTRAP_FILE, 'utf8')));
    const script = schemaScriptFiles(dir)
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .join('\n');
    await database.transaction(async (tx) => {
      await tx.exec(script);
      if (existsSync(DEMO_SEED_FILE)) await tx.exec(readFileSync(DEMO_SEED_FILE, 'utf8'));
    });
  } finally {
    await database.close();
  }
}

// pg_dump refuses a server newer than itself and prints differently across versions, so use
// the one of the server's own major version.
async function pgDumpFor(url: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ version: string }[]>`select current_setting('server_version_num') as version`;
    const major = Math.floor(Number(row!.version) / 10_000);
    const binary = `/usr/lib/postgresql/${major}/bin/pg_dump`;
    if (!existsSync(binary))
      throw new Error(`no pg_dump for PostgreSQL ${major} (apt-get install postgresql-client-${major})`);
    return binary;
  } finally {
    await sql.end();
  }
}

// The catalogue as text: comments, session settings and blank lines dropped, and the migration
// bookkeeping (supabase_migrations) left out, since only the migrations side has it.
export async function catalogue(url: string): Promise<string> {
  const dumped = spawnSync(
    await pgDumpFor(url),
    ['--schema-only', '--no-owner', '--exclude-schema=supabase_migrations', `--dbname=${url}`],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (dumped.status !== 0) throw new Error(`pg_dump failed: ${dumped.stderr}`);
  return dumped.stdout
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^(--|SET |SELECT pg_catalog\.set_config\(|\\(un)?restrict )/.test(line))
    .join('\n');
}

// A unified diff (diff -u, three lines of context), cut to `maxLines` so a test failure stays readable.
export function unifiedDiff(fromMigrations: string, fromSchemaFiles: string, maxLines = 200): string {
  const dir = mkdtempSync(join(tmpdir(), 'schema-diff-'));
  try {
    writeFileSync(join(dir, 'migrations.sql'), `${fromMigrations}\n`);
    writeFileSync(join(dir, 'schemas.sql'), `${fromSchemaFiles}\n`);
    const run = spawnSync(
      'diff',
      ['-u', '--label=migrations', '--label=schema-files', 'migrations.sql', 'schemas.sql'],
      { cwd: dir, encoding: 'utf8' },
    );
    if (run.status === 0) return '';
    if (run.status !== 1) throw new Error(`diff failed: ${run.stderr}`);
    const lines = run.stdout.trimEnd().split('\n');
    return lines.length <= maxLines
      ? lines.join('\n')
      : `${lines.slice(0, maxLines).join('\n')}\n… ${lines.length - maxLines} more lines`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

// A new database on the server, empty or a copy of `template` (which nobody may be connected to).
export async function scratchDatabase(serverUrl: string, label: string, template?: string): Promise<ScratchDatabase> {
  const name = `fc_schema_${label}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      try {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

// Both catalogues and both sets of rows (the reference data, ADR 0044) from two fresh databases on
// `serverUrl`, which are dropped again afterwards.
export async function compareSchemaWithMigrations(
  serverUrl: string,
  schemasDir = SCHEMAS_DIR,
): Promise<{ migrations: string; schemas: string; rows: { migrations: ReferenceData; schemas: ReferenceData } }> {
  const migrated = await scratchDatabase(serverUrl, 'migrations');
  try {
    const declared = await scratchDatabase(serverUrl, 'schemas');
    try {
      await Promise.all([applyMigrations(migrated.url), applySchemaFiles(declared.url, schemasDir)]);
      const [migrations, schemas, migratedRows, declaredRows] = await Promise.all([
        catalogue(migrated.url),
        catalogue(declared.url),
        referenceData(migrated.url),
        referenceData(declared.url),
      ]);
      return { migrations, schemas, rows: { migrations: migratedRows, schemas: declaredRows } };
    } finally {
      await declared.drop();
    }
  } finally {
    await migrated.drop();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const serverUrl = process.argv[2] ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.error('usage: node --import tsx scripts/schema-diff.ts <postgres-url> (or set TEST_DATABASE_URL)');
    process.exit(2);
  }
  const { migrations, schemas, rows } = await compareSchemaWithMigrations(serverUrl);
  const diff = unifiedDiff(migrations, schemas, Number.POSITIVE_INFINITY);
  if (diff) console.log(diff);
  const rowChanges = referenceChanges(rows.migrations, rows.schemas);
  if (rowChanges.length) {
    console.log(showChanges(rowChanges, 'after the migrations', 'in the schema files', Number.POSITIVE_INFINITY));
  }
  process.exit(diff || rowChanges.length ? 1 : 0);
}
