// The migrations through Supabase's own tool: a fresh PostgreSQL database gets what hosted
// Supabase already has (server/bootstrap.sql: roles, extensions schema with pgcrypto), then the
// real CLI (`npm run supabase:push`, i.e. `supabase db push --remote=<url>`, no Docker, no
// account) applies supabase/migrations and the seed. The api then runs a whole ride on that
// schema, and our own runner (server/migrate.ts) finds nothing left to apply: both record in
// supabase_migrations.schema_migrations.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrate, MIGRATIONS_DIR } from '../../server/migrate.ts';
import type { Database } from '../../supabase/functions/api/lib/database.ts';
import { connectPostgres } from '../../supabase/functions/api/lib/postgres-database.ts';
import { createRide, createTestApp, registerMember, registerVendor, type TestApp } from '../support/api-client.ts';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../support/empty-postgres-database.ts';
import { REPO_ROOT } from '../support/host-process.ts';
import { postgresServerUrl } from '../support/postgres-server.ts';

const serverUrl = postgresServerUrl('supabase db push (the Supabase CLI suite)');
const suite = serverUrl ? describe : describe.skip;
const title = serverUrl
  ? 'supabase db push (Supabase CLI) on PostgreSQL'
  : 'supabase db push (skipped: set TEST_DATABASE_URL to a PostgreSQL server; .ci/run does)';

const MIGRATION_FILES = readdirSync(MIGRATIONS_DIR)
  .filter((file) => /^\d{14}_[a-z0-9_]+\.sql$/.test(file))
  .sort();

interface CliRun {
  code: number | null;
  output: string;
  elapsedMs: number;
}

// `npm run supabase:push -- <flags>` without npm's own chatter: the same script npm runs.
function supabasePush(databaseUrl: string, flags: string[]): Promise<CliRun> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SUPABASE_DB_URL: databaseUrl,
    // No phoning home from a machine without internet: no telemetry, no version check.
    SUPABASE_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    SUPABASE_NO_UPDATE_NOTIFIER: '1',
    NO_COLOR: '1',
  };
  const child = spawn('bash', ['scripts/supabase-push.sh', ...flags], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`supabase db push did not finish within 120 s. Output:\n${output}`));
    }, 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, elapsedMs: performance.now() - started });
    });
  });
}

async function ownerQuery<Row = Record<string, any>>(database: Database, text: string, params: unknown[] = []) {
  return database.transaction((tx) => tx.query<Row>(text, params));
}

suite(title, () => {
  let target: EmptyPostgresDatabase;
  let database: Database;
  let app: TestApp;
  let firstPush: CliRun;

  beforeAll(async () => {
    target = await createEmptyPostgresDatabase(serverUrl!, 'fc_cli');
    database = connectPostgres(target.url, { max: 10 });
    // What a hosted Supabase project has before its first push.
    await database.transaction((tx) => tx.exec(readFileSync(join(REPO_ROOT, 'server/bootstrap.sql'), 'utf8')));
    firstPush = await supabasePush(target.url, ['--include-seed', '--yes']);
    console.log(
      `supabase db push applied ${MIGRATION_FILES.length} migrations in ${Math.round(firstPush.elapsedMs)} ms`,
    );
    app = createTestApp(database);
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });

  it('the npm scripts wrap the CLI the way the docs say', () => {
    const scripts = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts;
    expect(scripts['supabase:push']).toBe('bash scripts/supabase-push.sh');
    expect(scripts['supabase:deploy']).toMatch(/^supabase functions deploy api --no-verify-jwt\b/);
  });

  it('applies every migration and the seed, recorded where the CLI records them', async () => {
    expect(firstPush.code, firstPush.output).toBe(0);
    for (const file of MIGRATION_FILES) expect(firstPush.output).toContain(`Applying migration ${file}`);
    expect(firstPush.output).toContain('Seeding data from supabase/seed.sql');

    const recorded = await ownerQuery<{ version: string; name: string }>(
      database,
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.map((row) => `${row.version}_${row.name}.sql`)).toEqual(MIGRATION_FILES);
    const [drivers] = await ownerQuery<{ n: number }>(
      database,
      'select count(*)::integer as n from public.driver_contacts',
    );
    expect(drivers!.n).toBe(2);
    // The admin backup functions came through too, closed to the API roles.
    const [closed] = await ownerQuery<{ can: boolean }>(
      database,
      "select has_function_privilege('anon', 'admin.reset_member_password(text, text)', 'execute') as can",
    );
    expect(closed!.can).toBe(false);
    // Nothing the Data API exposes runs as the owner (ADR 0010): the ride functions are in app.
    const definers = await ownerQuery<{ signature: string }>(
      database,
      `select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'graphql_public') and p.prosecdef`,
    );
    expect(definers).toEqual([]);
    const [joinRide] = await ownerQuery<{ can: boolean }>(
      database,
      "select has_function_privilege('authenticated', 'app.join_ride(integer, integer, text)', 'execute') as can",
    );
    expect(joinRide!.can).toBe(true);
  });

  it('serves a whole ride through the api on the CLI-applied schema', async () => {
    const organiser = await registerMember(app, 'cliorg');
    const passenger = await registerMember(app, 'clipax');
    const vendor = await registerVendor(app);
    await ownerQuery(database, "select admin.approve_vendor($1::text, 'Checked by the test')", [
      vendor.user.discordUsername,
    ]);

    const login = await passenger.post('/api/login', {
      discordUsername: passenger.user.discordUsername,
      password: 'correct-horse-battery',
    });
    expect(login.status).toBe(200);

    const ride = await createRide(organiser, { direction: 'FC->SG', maxPassengers: 4 });
    expect(ride).toMatchObject({ direction: 'FC->SG', currentPassengers: 1, status: 'open' });

    const joined = await passenger.post(`/api/rides/${ride.id}/join`, {
      passengerCount: 2,
      dropoffLocation: 'Bedok Mall',
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect((await organiser.get(`/api/rides/${ride.id}`)).body.currentPassengers).toBe(3);

    const locked = await organiser.post(`/api/rides/${ride.id}/lockSequence`);
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(locked.body.passengers.map((p: any) => p.dropoffSequence)).toEqual([1]);

    const assigned = await vendor.post(`/api/rides/${ride.id}/assign`);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.ride).toMatchObject({ status: 'assigned', vendorId: vendor.user.id });

    const stats = await app.request('/api/stats');
    expect(await stats.json()).toEqual({ totalRides: 1, totalUsers: 3 });
    const drivers = await (await app.request('/api/driver-contacts')).json();
    expect(drivers).toHaveLength(2);

    // RLS holds on this schema too: a visitor sees no phone numbers.
    const visitorView = await (await app.request(`/api/rides/${ride.id}`)).text();
    expect(visitorView).not.toContain('+6591234567');
  });

  it('leaves nothing for our own runner to apply, and a second push is a no-op', async () => {
    expect(await migrate(database)).toEqual({ applied: [], seeded: false });
    const [drivers] = await ownerQuery<{ n: number }>(
      database,
      'select count(*)::integer as n from public.driver_contacts',
    );
    expect(drivers!.n).toBe(2);

    const again = await supabasePush(target.url, ['--include-seed', '--yes']);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('Remote database is up to date');
  });
});
