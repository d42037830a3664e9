// supabase/schemas is the readable definition of the database, supabase/migrations the deploy
// history; they must describe the same catalogue. Two fresh databases on the PostgreSQL server:
// one gets the bootstrap and every migration (server/migrate.ts), the other the bootstrap and the
// schema files in order and their reference rows (supabase/schemas/seed, ADR 0044); their
// `pg_dump --schema-only` must agree line for line, and so must the rows of every table. And the
// tables of triggers in the schema files' comments must say what PostgreSQL fires, in its order.
import { describe, expect, it } from 'vitest';

import { referenceChanges, showChanges } from '../../scripts/reference-data.ts';
import {
  applySchemaFiles,
  compareSchemaWithMigrations,
  schemaFiles,
  SCHEMAS_DIR,
  scratchDatabase,
  seedFiles,
  unifiedDiff,
} from '../../scripts/schema-diff.ts';
import { postgresServerUrl } from '../support/postgres-server.ts';
import { databaseTriggers, schemaTriggerTables, triggerTableProblems } from '../support/trigger-tables.ts';

const serverUrl = postgresServerUrl('the schema files against the migrations');
const suite = serverUrl ? describe : describe.skip;
const title = serverUrl
  ? 'supabase/schemas matches supabase/migrations on PostgreSQL'
  : 'supabase/schemas matches supabase/migrations (skipped: set TEST_DATABASE_URL to a PostgreSQL server; .ci/run does)';

suite(title, () => {
  // Both databases once, for the catalogue and the rows.
  let compared: ReturnType<typeof compareSchemaWithMigrations> | undefined;
  const comparison = () => (compared ??= compareSchemaWithMigrations(serverUrl!));

  it('lays the schema out one numbered file per domain, its reference rows beside it', () => {
    const files = schemaFiles();
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) expect(file).toMatch(/^\d{2}_[a-z0-9_]+\.sql$/);
    // A seed file is named after the schema file whose table it fills: 05_throttle_limits.sql.
    const seeds = seedFiles();
    expect(seeds).toContain('seed/05_throttle_limits.sql');
    const domains = new Set(files.map((file) => file.slice(0, 2)));
    for (const seed of seeds) {
      expect(seed).toMatch(/^seed\/\d{2}_[a-z0-9_]+\.sql$/);
      expect(domains).toContain(seed.slice('seed/'.length, 'seed/'.length + 2));
    }
  });

  it('gives the same catalogue as applying every migration', { timeout: 120_000 }, async () => {
    const { migrations, schemas } = await comparison();
    // A catalogue that lost its tables would compare equal to another empty one.
    expect(migrations).toContain('CREATE TABLE public.rides (');
    const diff = unifiedDiff(migrations, schemas);
    if (diff) {
      expect.fail(
        `The schema files and the migrations have drifted ('-' only after the migrations, '+' only in supabase/schemas):\n${diff}\n` +
          'Change supabase/schemas and write the migration from this diff (README, "Changing the database").',
      );
    }
  });

  // Reference data (throttle limits, reserved names, confusables, the ride lists' shards, the first
  // border checklist) is written in supabase/schemas/seed; `npm run db:migration` carries a change
  // there into a migration. A new database from either side must hold the same rows.
  it('holds the same reference rows as applying every migration', { timeout: 120_000 }, async () => {
    const { rows } = await comparison();
    // Rows that vanished from both sides would compare equal too.
    for (const table of ['private.throttle_limits', 'private.reserved_names', 'private.confusable_prototypes']) {
      expect(rows.migrations.get(table)?.rows.length ?? 0, table).toBeGreaterThan(0);
    }
    const changes = referenceChanges(rows.migrations, rows.schemas);
    if (changes.length) {
      expect.fail(
        `The reference rows of the migrations and of supabase/schemas/seed differ:\n` +
          `${showChanges(changes, 'after the migrations', 'in the seed files')}\n` +
          'Change the seed file and run `npm run db:migration -- <name>` (README, "Changing the database").',
      );
    }
  });

  // Several triggers on one table and event fire in the order of their names; the comment above
  // the table lists them so (README, "Changing the database"), and must follow every change.
  it("lists each table's triggers in the order PostgreSQL fires them", { timeout: 120_000 }, async () => {
    expect(schemaTriggerTables(SCHEMAS_DIR).map((table) => table.table)).toContain('public.rides');
    const declared = await scratchDatabase(serverUrl!, 'triggers');
    try {
      await applySchemaFiles(declared.url);
      const triggers = await databaseTriggers(declared.url);
      expect(triggers.length).toBeGreaterThan(0);
      const problems = triggerTableProblems(SCHEMAS_DIR, triggers);
      if (problems.length) {
        expect.fail(`The trigger tables in supabase/schemas are out of date:\n\n${problems.join('\n\n')}`);
      }
    } finally {
      await declared.drop();
    }
  });
});
