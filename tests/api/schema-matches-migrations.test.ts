// supabase/schemas is the readable definition of the database, supabase/migrations the deploy
// history; they must describe the same catalogue. Two fresh databases on the PostgreSQL server:
// one gets the bootstrap and every migration (server/migrate.ts), the other the bootstrap and the
// schema files in order; their `pg_dump --schema-only` must agree line for line.
import { describe, expect, it } from 'vitest';

import { compareSchemaWithMigrations, schemaFiles, unifiedDiff } from '../../scripts/schema-diff.ts';
import { postgresServerUrl } from '../support/postgres-server.ts';

const serverUrl = postgresServerUrl('the schema files against the migrations');
const suite = serverUrl ? describe : describe.skip;
const title = serverUrl
  ? 'supabase/schemas matches supabase/migrations on PostgreSQL'
  : 'supabase/schemas matches supabase/migrations (skipped: set TEST_DATABASE_URL to a PostgreSQL server; .ci/run does)';

suite(title, () => {
  it('lays the schema out one numbered file per domain', () => {
    const files = schemaFiles();
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) expect(file).toMatch(/^\d{2}_[a-z0-9_]+\.sql$/);
  });

  it('gives the same catalogue as applying every migration', { timeout: 120_000 }, async () => {
    const { migrations, schemas } = await compareSchemaWithMigrations(serverUrl!);
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
});
