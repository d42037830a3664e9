// `npm run db:migration -- <name>` (scripts/db-migration.ts, ADR 0041) writes the migration from
// supabase/migrations to supabase/schemas. With the tree as committed there is nothing to write;
// with a copy of the schema files that adds a column, a function and a policy and changes reference
// rows (supabase/schemas/seed, ADR 0044), the migration it writes, applied after the migrations,
// gives the same `pg_dump --schema-only` and the same rows as that copy.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { referenceChanges, referenceData } from '../../scripts/reference-data.ts';
import { applyMigrations, applySchemaFiles, catalogue, SCHEMAS_DIR, unifiedDiff } from '../../scripts/schema-diff.ts';
import { MIGRATIONS_DIR } from '../../server/migrate.ts';
import { connectPostgres } from '../../supabase/functions/api/lib/postgres-database.ts';
import { createEmptyPostgresDatabase } from '../support/empty-postgres-database.ts';
import { REPO_ROOT } from '../support/host-process.ts';
import { postgresServerUrl } from '../support/postgres-server.ts';

const serverUrl = postgresServerUrl('npm run db:migration');
const suite = serverUrl ? describe : describe.skip;
const title = serverUrl
  ? 'npm run db:migration on PostgreSQL'
  : 'npm run db:migration (skipped: set TEST_DATABASE_URL to a PostgreSQL server; .ci/run does)';

// The command as `npm run db:migration -- ...` runs it.
function dbMigration(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-migration.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, TEST_DATABASE_URL: serverUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

// The command's own scratch databases (scripts/schema-diff.ts names them fc_schema_<label>_...).
async function leftScratchDatabases(): Promise<string[]> {
  const sql = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ datname: string }[]>`
      select datname from pg_database where datname ~ '^fc_schema_(migrated|declared|diffed|trial|check)_'`;
    return rows.map((row) => row.datname);
  } finally {
    await sql.end();
  }
}

function edit(file: string, before: string, after: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(before)) throw new Error(`${file} no longer has: ${before}`);
  writeFileSync(file, text.replace(before, after));
}

// A column at the end of a table, a security definer function with its grants and comment, and
// a policy with the grant it needs: the kinds migra writes only in part.
const NEW_FUNCTION = `
-- How many members one member has blocked.
create function private.block_count(p_blocker integer) returns integer
    language sql stable security definer
    set search_path to ''
as $$
  select count(*)::integer from public.member_blocks where blocker_id = p_blocker
$$;
revoke all on function private.block_count(integer) from public;
grant execute on function private.block_count(integer) to authenticated;
comment on function private.block_count(integer) is 'How many members one member has blocked.';
`;
const NEW_POLICY = `create policy "members remove their own blocks"
  on public.member_blocks for delete to authenticated
  using (blocker_id = (select app.current_user_id()));`;

function changeSchemaFiles(dir: string): void {
  const file = join(dir, '15_member_blocks.sql');
  edit(
    file,
    '  created_at timestamptz not null default now(),\n',
    "  created_at timestamptz not null default now(),\n  note text not null default '' check (char_length(note) <= 200),\n",
  );
  edit(
    file,
    'grant select on public.member_blocks to authenticated;\n',
    'grant select on public.member_blocks to authenticated;\ngrant delete on public.member_blocks to authenticated;\n',
  );
  writeFileSync(file, `${readFileSync(file, 'utf8')}${NEW_FUNCTION}\n${NEW_POLICY}\n`);
  // Reference rows: a limit changed and one removed.
  const limits = join(dir, 'seed/05_throttle_limits.sql');
  edit(limits, "('rides:edits', 30, 3600,", "('rides:edits', 40, 3600,");
  edit(limits, "  ('reports:filed', 10, 86400, 'reports one member files per day'),\n", '');
}

// A reserved name added, in a seed file only: no schema change.
function addReservedName(dir: string): void {
  edit(join(dir, 'seed/10_reserved_names.sql'), "  ('moderator'),\n", "  ('moderator'),\n  ('helpdesk'),\n");
}

const newestVersion = () =>
  readdirSync(MIGRATIONS_DIR)
    .map((file) => /^(\d{14})_/.exec(file)?.[1])
    .filter(Boolean)
    .sort()
    .pop()!;

suite(title, () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'fc-db-migration-'));
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('refuses a name that is not lowercase words joined by "_"', async () => {
    const run = await dbMigration(['Add-Notes', '--out-dir', join(work, 'refused')]);
    expect(run.code).toBe(2);
    expect(run.output).toContain('is not a migration name');
    expect(existsSync(join(work, 'refused'))).toBe(false);
  });

  it('reports no change for the schema files as committed, and writes nothing', { timeout: 180_000 }, async () => {
    const out = join(work, 'unchanged');
    const run = await dbMigration(['nothing_new', '--out-dir', out]);
    expect(run.output).toContain('no change');
    expect(run.code).toBe(0);
    expect(existsSync(out)).toBe(false);
    expect(await leftScratchDatabases()).toEqual([]);
  });

  it(
    'writes the migration for a new column, function and policy, which reaches the changed schema',
    { timeout: 240_000 },
    async () => {
      const schemas = join(work, 'schemas');
      const out = join(work, 'migrations');
      cpSync(SCHEMAS_DIR, schemas, { recursive: true });
      changeSchemaFiles(schemas);

      const run = await dbMigration(['block_notes', '--schemas-dir', schemas, '--out-dir', out]);
      expect(run.output).toContain("gives the schema files' catalogue");
      expect(run.code).toBe(0);
      expect(await leftScratchDatabases()).toEqual([]);

      const files = readdirSync(out);
      expect(files).toHaveLength(1);
      const [file] = files as [string];
      expect(file).toMatch(/^\d{14}_block_notes\.sql$/);
      expect(file.slice(0, 14) > newestVersion()).toBe(true);
      const migration = readFileSync(join(out, file), 'utf8');

      // The header in the migrations' style, saying what the diff touches.
      expect(migration).toMatch(/^-- Migration: block notes\n-- Purpose: .+\n-- Affects: adds /);
      const header = migration.slice(0, migration.indexOf('\n\n'));
      for (const named of [
        'public.member_blocks.note',
        'private.block_count(integer)',
        '"members remove their own blocks"',
        'privileges on table public.member_blocks',
        'reference rows of private.throttle_limits (1 changed, 1 removed)',
      ]) {
        expect(header.replace(/\n--\s+/g, ' ')).toContain(named);
      }
      expect(header).toMatch(/\n-- Rollback: /);
      // What migra leaves out or rewrites comes as the schema file writes it.
      expect(migration).toContain(NEW_FUNCTION.trim().split('\ncomment on')[0]);
      expect(migration).toContain(NEW_POLICY);
      expect(migration).toContain('grant delete on table public.member_blocks to authenticated;');
      expect(migration).toContain(
        "comment on function private.block_count(integer) is 'How many members one member has blocked.';",
      );
      // The rows that differ, by their key.
      expect(migration).toContain("delete from private.throttle_limits where name = 'reports:filed';");
      expect(migration).toContain("update private.throttle_limits set max_count = 40 where name = 'rides:edits';");

      // Applied on top of the migrations, it gives the changed schema files' catalogue.
      const migrated = await createEmptyPostgresDatabase(serverUrl!, 'fc_migrated');
      const declared = await createEmptyPostgresDatabase(serverUrl!, 'fc_declared');
      try {
        await applyMigrations(migrated.url);
        const database = connectPostgres(migrated.url, { max: 1 });
        try {
          await database.transaction((tx) => tx.exec(migration));
        } finally {
          await database.close();
        }
        await applySchemaFiles(declared.url, schemas);
        const [after, expected] = await Promise.all([catalogue(migrated.url), catalogue(declared.url)]);
        expect(after).toContain('private.block_count');
        expect(unifiedDiff(after, expected)).toBe('');
        const [rowsAfter, rowsExpected] = await Promise.all([referenceData(migrated.url), referenceData(declared.url)]);
        // One limit fewer than the seed holds on main (reports:filed removed).
        const seeded = readFileSync(join(SCHEMAS_DIR, 'seed/05_throttle_limits.sql'), 'utf8').match(
          /^\s+\('/gm,
        )!.length;
        expect(rowsAfter.get('private.throttle_limits')?.rows.length).toBe(seeded - 1);
        expect(referenceChanges(rowsAfter, rowsExpected)).toEqual([]);
      } finally {
        await Promise.all([migrated.drop(), declared.drop()]);
      }
    },
  );

  it('writes the rows alone for a change to a seed file only', { timeout: 180_000 }, async () => {
    const schemas = join(work, 'seed-only');
    const out = join(work, 'seed-only-migrations');
    cpSync(SCHEMAS_DIR, schemas, { recursive: true });
    addReservedName(schemas);

    const run = await dbMigration(['reserve_helpdesk', '--schemas-dir', schemas, '--out-dir', out]);
    expect(run.output).toContain('reference rows.');
    expect(run.code).toBe(0);
    expect(await leftScratchDatabases()).toEqual([]);
    const [file] = readdirSync(out) as [string];
    const migration = readFileSync(join(out, file), 'utf8');
    expect(migration).toContain('-- Affects: reference rows of private.reserved_names (1 added).\n');
    const body = migration.slice(migration.indexOf('\n\n') + 2).trim();
    expect(body).toBe(
      "-- Reference rows, as supabase/schemas/seed writes them.\ninsert into private.reserved_names (name)\nvalues\n  ('helpdesk')\non conflict do nothing;",
    );
  });
});
