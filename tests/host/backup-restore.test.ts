// npm run backup and npm run restore on the embedded database (issue 26 §3): data made through
// the api of a running host, backed up while it runs (through its control socket), restored
// into a fresh DATA_DIR, every table compared, and a host started on the copy that still knows
// the member's session. Then the same with no host running (the backup opens DATA_DIR itself).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { openPglite } from '../../server/pglite-database.ts';
import { withMigratedPglite } from '../support/databases.ts';
import { killAllHosts, REPO_ROOT, startHost } from '../support/host-process.ts';
import { HttpClient, registerOverHttp, sgToFcRide } from '../support/http-client.ts';

const TEST_MS = 300_000;
const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `fc-backup-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function runScript(script: string, args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  const run = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    cwd: REPO_ROOT,
    env: childEnv,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

// Every table of every schema but Postgres's own: its row count and all its rows, in one order.
// Unlogged tables are left out: Postgres empties them on recovery, and a snapshot is recovered
// like a crash (the one there, private.request_callers, names transactions of the old process).
async function everyTable(dataDir: string): Promise<Map<string, { rows: number; contents: string }>> {
  const database = await openPglite(dataDir);
  try {
    return await database.transaction(async (tx) => {
      const tables = await tx.query<{ name: string }>(
        `select format('%I.%I', n.nspname, c.relname) as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and c.relpersistence = 'p'
            and n.nspname not in ('pg_catalog', 'information_schema')
            and n.nspname not like 'pg\\_%'
          order by 1`,
      );
      const unlogged = await tx.query<{ name: string }>(
        `select format('%I.%I', n.nspname, c.relname) as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and c.relpersistence = 'u'`,
      );
      expect(unlogged.map(({ name }) => name)).toEqual(['private.request_callers']);
      const found = new Map<string, { rows: number; contents: string }>();
      for (const { name } of tables) {
        const [row] = await tx.query<{ rows: number; contents: string }>(
          `select count(*)::int as rows, coalesce(json_agg(t order by t::text)::text, '[]') as contents from ${name} t`,
        );
        found.set(name, row!);
      }
      return found;
    });
  } finally {
    await database.close();
  }
}

function backupIn(dir: string): string {
  const files = readdirSync(dir).filter((file) => file.endsWith('.tar.gz'));
  expect(files).toHaveLength(1);
  // Named with the UTC time it was made: minutes ago (a run across midnight has two days).
  const stamp = /^fc-rideshare-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/.exec(files[0]!);
  expect(stamp, files[0]).not.toBeNull();
  const [, day, hours, minutes, seconds] = stamp!;
  const madeAt = Date.parse(`${day}T${hours}:${minutes}:${seconds}Z`);
  expect(Date.now() - madeAt).toBeGreaterThanOrEqual(-1_000);
  expect(Date.now() - madeAt).toBeLessThan(15 * 60_000);
  expect(statSync(join(dir, files[0]!)).mode & 0o077).toBe(0);
  return join(dir, files[0]!);
}

function expectSameTables(
  restored: Map<string, { rows: number; contents: string }>,
  original: Map<string, { rows: number; contents: string }>,
) {
  expect([...restored.keys()]).toEqual([...original.keys()]);
  for (const [name, table] of original) {
    expect({ name, ...restored.get(name)! }).toEqual({ name, ...table });
  }
}

describe('npm run backup and npm run restore (embedded PGlite)', () => {
  afterEach(() => killAllHosts());

  it(
    'backs up a running host, restores into a new DATA_DIR with every table the same, and a host runs on it',
    async () => {
      // A migrated cluster as a first start makes it (restart.test.ts starts one from nothing).
      const dataDir = await withMigratedPglite(tempDir('data'));
      const backups = tempDir('out');
      const host = await startHost({ env: { DATA_DIR: dataDir } });
      const organiser = await registerOverHttp(host.url, 'bkorg');
      const passenger = await registerOverHttp(host.url, 'bkpax');
      const ride = (await organiser.post('/api/rides', sgToFcRide())).body;
      expect(ride.id).toEqual(expect.any(Number));
      const joined = await passenger.post(`/api/rides/${ride.id}/join`, {
        passengerCount: 2,
        dropoffLocation: 'Tampines MRT',
      });
      expect(joined.status).toBe(201);

      const backup = runScript('backup.ts', [], { DATA_DIR: dataDir, BACKUP_DIR: backups });
      expect(backup.output).toContain('from the running host');
      expect(backup.code).toBe(0);
      const file = backupIn(backups);

      // Nothing is written after the backup, so the stopped original is what the backup holds.
      expect((await host.stop('SIGTERM')).code).toBe(0);
      expect(existsSync(join(dataDir, 'control.sock'))).toBe(false);
      const original = await everyTable(dataDir);
      expect(original.get('public.users')!.rows).toBeGreaterThanOrEqual(2);
      expect(original.get('public.rides')!.rows).toBeGreaterThanOrEqual(1);
      expect(original.get('public.ride_passengers')!.rows).toBeGreaterThanOrEqual(1);
      expect(original.get('supabase_migrations.schema_migrations')!.rows).toBeGreaterThan(30);

      const restoredDir = join(tempDir('restored'), 'data');
      const restore = runScript('restore.ts', [file], { DATA_DIR: restoredDir });
      expect(restore.output).toContain('Restored');
      expect(restore.code).toBe(0);
      expectSameTables(await everyTable(restoredDir), original);

      // A second restore over it is refused: it never overwrites a database.
      const again = runScript('restore.ts', [file], { DATA_DIR: restoredDir });
      expect(again.code).toBe(1);
      expect(again.output).toContain('already holds a database');

      const copy = await startHost({ env: { DATA_DIR: restoredDir } });
      const sameSession = new HttpClient(copy.url);
      sameSession.cookie = passenger.cookie;
      const me = await sameSession.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.discordUsername).toBe(passenger.user.discordUsername);
      const read = await sameSession.get(`/api/rides/${ride.id}`);
      expect(read.status).toBe(200);
      expect(read.body.currentPassengers).toBe(3);
      expect((await copy.stop('SIGTERM')).code).toBe(0);
    },
    TEST_MS,
  );

  it(
    'takes a consistent snapshot while members keep joining, and the host keeps answering',
    async () => {
      const dataDir = await withMigratedPglite(tempDir('busy'));
      const backups = tempDir('busy-out');
      const host = await startHost({ env: { DATA_DIR: dataDir } });
      const organiser = await registerOverHttp(host.url, 'bkbusyorg');
      const passenger = await registerOverHttp(host.url, 'bkbusypax');

      const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backups };
      delete childEnv.DATABASE_URL;
      const backup = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
        cwd: REPO_ROOT,
        env: childEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      backup.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      backup.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      let running = true;
      const exited = new Promise<number | null>((resolve) =>
        backup.on('close', (code) => {
          running = false;
          resolve(code);
        }),
      );

      // Each join is one transaction writing the passenger's row and the ride's count.
      let joins = 0;
      while (running) {
        const ride = await organiser.post('/api/rides', sgToFcRide());
        expect(ride.status).toBe(201);
        const joined = await passenger.post(`/api/rides/${ride.body.id}/join`, {
          passengerCount: 2,
          dropoffLocation: 'Tampines MRT',
        });
        expect(joined.status).toBe(201);
        joins += 1;
      }
      expect(await exited, output).toBe(0);
      expect(output).toContain('from the running host');
      expect((await host.stop('SIGTERM')).code).toBe(0);
      console.log(`backup while busy: ${joins} rides created and joined meanwhile; ${output.trim()}`);

      const restoredDir = join(tempDir('busy-restored'), 'data');
      expect(runScript('restore.ts', [backupIn(backups)], { DATA_DIR: restoredDir }).code).toBe(0);
      const database = await openPglite(restoredDir);
      try {
        const [counts] = await database.transaction((tx) =>
          tx.query<{ rides: number; torn: number }>(
            `select (select count(*)::int from public.rides) as rides,
                    (select count(*)::int from public.rides r
                      where r.current_passengers <> r.organiser_passenger_count + coalesce(
                        (select sum(p.passenger_count) from public.ride_passengers p where p.ride_id = r.id), 0)) as torn`,
          ),
        );
        expect(counts!.torn).toBe(0);
        expect(counts!.rides).toBeLessThanOrEqual(joins + 1);
      } finally {
        await database.close();
      }
    },
    TEST_MS,
  );

  it(
    'backs up a DATA_DIR no host runs on, and refuses a folder without a database',
    async () => {
      const dataDir = await withMigratedPglite(tempDir('idle'));
      const backups = tempDir('idle-out');
      const host = await startHost({ env: { DATA_DIR: dataDir } });
      await registerOverHttp(host.url, 'bkidle');
      expect((await host.stop('SIGTERM')).code).toBe(0);

      const backup = runScript('backup.ts', [], { DATA_DIR: dataDir, BACKUP_DIR: backups });
      expect(backup.output).toContain('with no host running');
      expect(backup.code).toBe(0);
      const restoredDir = join(tempDir('idle-restored'), 'data');
      expect(runScript('restore.ts', [backupIn(backups)], { DATA_DIR: restoredDir }).code).toBe(0);
      expectSameTables(await everyTable(restoredDir), await everyTable(dataDir));

      const nothing = runScript('backup.ts', [], { DATA_DIR: tempDir('empty'), BACKUP_DIR: backups });
      expect(nothing.code).toBe(1);
      expect(nothing.output).toContain('No embedded database');
    },
    TEST_MS,
  );
});
