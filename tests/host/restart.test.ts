// The real Node host as a child process: data and sessions survive a restart, signals stop it
// cleanly, one DATA_DIR has one server, and the same holds on PostgreSQL from DATABASE_URL.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { withMigratedPglite } from '../support/databases.ts';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../support/empty-postgres-database.ts';
import { killAllHosts, REPO_ROOT, runHostUntilExit, type RunningHost, startHost } from '../support/host-process.ts';
import { HttpClient, registerOverHttp, sgToFcRide } from '../support/http-client.ts';
import { postgresServerUrl } from '../support/postgres-server.ts';

const PROMPT_STOP_MS = 5_000;
// Each host start on a new DATA_DIR runs initdb in WASM: seconds alone, much more beside a busy suite.
const HOST_TEST_MS = 180_000;
const MIGRATION_COUNT = readdirSync(join(REPO_ROOT, 'supabase/migrations')).filter((file) =>
  /^\d{14}_[a-z0-9_]+\.sql$/.test(file),
).length;

const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `fc-host-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

// A pid that surely belonged to a process that has ended.
function deadPid(): number {
  const finished = spawnSync(process.execPath, ['-e', '']);
  return finished.pid!;
}

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('Node host on embedded PGlite (DATA_DIR)', () => {
  afterEach(() => killAllHosts());

  it(
    'keeps rides and sessions across a SIGTERM and a restart on the same DATA_DIR',
    async () => {
      const dataDir = tempDir('restart');
      const first = await startHost({ env: { DATA_DIR: dataDir } });
      expect(first.output()).toMatch(new RegExp(`Applied ${MIGRATION_COUNT} migration\\(s\\) and the seed`));
      expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').split('\n')[0]).toBe(String(first.pid));

      const member = await registerOverHttp(first.url, 'restart');
      expect(member.cookie).toMatch(/^fc_session=/);
      const created = await member.post('/api/rides', sgToFcRide());
      expect(created.status).toBe(201);
      const ride = created.body;

      const stopped = await first.stop('SIGTERM');
      expect(stopped.code).toBe(0);
      expect(stopped.elapsedMs).toBeLessThan(PROMPT_STOP_MS);
      expect(stopped.output).toContain('SIGTERM received');
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

      const second = await startHost({ env: { DATA_DIR: dataDir } });
      expect(second.output()).not.toMatch(/Applied \d+ migration/);

      // The same browser, same cookie, new process.
      const again = new HttpClient(second.url);
      again.cookie = member.cookie;
      const me = await again.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(member.user.id);
      expect(me.body.discordUsername).toBe(member.user.discordUsername);

      const read = await again.get(`/api/rides/${ride.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        id: ride.id,
        direction: 'SG->FC',
        maxPassengers: 5,
        pickupLocation: 'Pasir Ris MRT',
        organizerPassengerCount: 1,
      });
      expect(new Date(read.body.date).getTime()).toBe(new Date(ride.date).getTime());
      const list = await new HttpClient(second.url).get('/api/rides');
      expect(list.status).toBe(200);
      expect(list.body.map((row: { id: number }) => row.id)).toContain(ride.id);

      const stoppedAgain = await second.stop('SIGTERM');
      expect(stoppedAgain.code).toBe(0);
    },
    HOST_TEST_MS,
  );

  it(
    'starts over a stale lock file left by a process that is gone',
    async () => {
      // The first test starts from nothing; this one is about the lock.
      const dataDir = await withMigratedPglite(tempDir('stale'));
      const stalePid = deadPid();
      writeFileSync(join(dataDir, 'server.lock'), String(stalePid));
      const host = await startHost({ env: { DATA_DIR: dataDir } });
      expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').split('\n')[0]).toBe(String(host.pid));
      expect((await new HttpClient(host.url).get('/api/health')).status).toBe(200);
      expect((await host.stop('SIGTERM')).code).toBe(0);
    },
    HOST_TEST_MS,
  );
});

describe('one running Node host', () => {
  let dataDir: string;
  let host: RunningHost;

  beforeAll(async () => {
    dataDir = await withMigratedPglite(tempDir('single'));
    host = await startHost({ env: { DATA_DIR: dataDir, STATIC_DIR: tempDir('static') } });
  });
  afterAll(() => killAllHosts());

  it('answers GET / with the placeholder page when no app is built', async () => {
    const response = await fetch(`${host.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('FC RideShare');
  });

  it('answers an unknown /api path with a JSON 404, not the app page', async () => {
    const answer = await new HttpClient(host.url).get('/api/nope');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ message: 'Not found', code: 'not_found', params: {}, requestId: expect.any(String) });
  });

  it(
    'refuses a second host on the same DATA_DIR, naming the directory, and keeps the first serving',
    async () => {
      const refused = await runHostUntilExit({ env: { DATA_DIR: dataDir } });
      expect(refused.code).not.toBe(0);
      expect(refused.code).not.toBeNull();
      expect(refused.output).toContain(dataDir);
      expect(refused.output).toMatch(/already in use/);
      expect(refused.output).not.toMatch(/listening on/);

      expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').split('\n')[0]).toBe(String(host.pid));
      expect((await new HttpClient(host.url).get('/api/rides')).status).toBe(200);
    },
    HOST_TEST_MS,
  );

  it('stops cleanly on SIGINT', async () => {
    const stopped = await host.stop('SIGINT');
    expect(stopped.code).toBe(0);
    expect(stopped.elapsedMs).toBeLessThan(PROMPT_STOP_MS);
    expect(stopped.output).toContain('SIGINT received');
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });
});

const serverUrl = postgresServerUrl('the Node host on PostgreSQL from DATABASE_URL');
describe.skipIf(!serverUrl)('Node host on PostgreSQL from DATABASE_URL', () => {
  let database: EmptyPostgresDatabase;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(serverUrl!, 'fc_host');
  });
  afterAll(async () => {
    await killAllHosts();
    await database?.drop();
  });

  it(
    'migrates a new database once, serves, and a restart applies nothing again',
    async () => {
      const env = { DATABASE_URL: database.url, DATA_DIR: tempDir('unused') };
      const first = await startHost({ env });
      expect(first.output()).toMatch(new RegExp(`Applied ${MIGRATION_COUNT} migration\\(s\\) and the seed`));
      expect(first.output()).toContain('PostgreSQL from DATABASE_URL');

      const member = await registerOverHttp(first.url, 'pghost');
      const created = await member.post('/api/rides', sgToFcRide());
      expect(created.status).toBe(201);
      const stopped = await first.stop('SIGTERM');
      expect(stopped.code).toBe(0);
      expect(stopped.elapsedMs).toBeLessThan(PROMPT_STOP_MS);

      const second = await startHost({ env });
      expect(second.output()).not.toMatch(/Applied \d+ migration/);
      const again = new HttpClient(second.url);
      again.cookie = member.cookie;
      expect((await again.get('/api/auth/me')).body.id).toBe(member.user.id);
      expect((await again.get(`/api/rides/${created.body.id}`)).status).toBe(200);
      expect((await second.stop('SIGTERM')).code).toBe(0);

      const sql = postgres(database.url, { max: 1, onnotice: () => {} });
      try {
        const [{ count }] = await sql`select count(*)::int as count from supabase_migrations.schema_migrations`;
        expect(count).toBe(MIGRATION_COUNT);
      } finally {
        await sql.end();
      }
    },
    HOST_TEST_MS,
  );
});
