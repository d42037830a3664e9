// The embedded database's upkeep (server/pglite-upkeep.ts, ADR 0032): PGlite runs no autovacuum,
// so the host vacuums and analyzes every table itself, one at a time, between requests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openPglite, type PgliteDatabase } from '../../server/pglite-database.ts';
import { keepUpOnce, startPgliteUpkeep } from '../../server/pglite-upkeep.ts';
import { withMigratedPglite } from '../support/databases.ts';

const SCRATCH_ROWS = 400;

describe('the embedded database keeps itself up', () => {
  let dataDir: string;
  let db: PgliteDatabase;

  const owner = <Row>(text: string, params: unknown[] = []) => db.transaction((tx) => tx.query<Row>(text, params));
  const tableFacts = (table: string) =>
    owner<{ reltuples: number; dead: number; vacuumed: boolean; analyzed: boolean }>(
      `select c.reltuples::float8 as reltuples, coalesce(s.n_dead_tup, 0)::int as dead,
              s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed
         from pg_catalog.pg_class c left join pg_catalog.pg_stat_all_tables s on s.relid = c.oid
        where c.oid = $1::regclass`,
      [table],
    ).then((rows) => rows[0]!);

  beforeAll(async () => {
    dataDir = await withMigratedPglite(mkdtempSync(join(tmpdir(), 'fc-upkeep-')));
    db = await openPglite(dataDir);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists every table of the app's schemas and none of Postgres's own", async () => {
    const tables = await db.tablesToKeepUp();
    expect(tables).toEqual(expect.arrayContaining(['public.rides', 'public.users', 'private.throttle_events']));
    expect(tables.filter((name) => /^(pg_|information_schema\.)/.test(name))).toEqual([]);
    await expect(db.vacuumAnalyze('public.rides; drop table public.rides')).rejects.toThrow(/Not a table name/);
  });

  it('gives every table its statistics, the deleted rows out of its count', async () => {
    // Statistics are flushed at most once a second: flushed now, the writes below stay pending
    // through the upkeep, as a request's writes just before it would.
    await owner(`select pg_catalog.pg_stat_force_next_flush()`);
    await owner(
      `insert into private.throttle_events (limit_name, subject)
       select (select min(name) from private.throttle_limits), 'upkeep-' || n from generate_series(1, $1::integer) n`,
      [SCRATCH_ROWS],
    );
    await owner(`delete from private.throttle_events where subject like 'upkeep-%' and subject <> 'upkeep-1'`);
    const before = await tableFacts('private.throttle_events');
    expect(before).toMatchObject({ vacuumed: false, analyzed: false });

    const run = await keepUpOnce(db);

    expect(run.tables).toBe((await db.tablesToKeepUp()).length);
    expect(run.longestTable.ms).toBeLessThanOrEqual(run.totalMs);
    // A second on, the next statement flushes whatever was still pending.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await owner(`select 1`);
    const after = await tableFacts('private.throttle_events');
    expect(after).toMatchObject({ dead: 0, vacuumed: true, analyzed: true });
    // The planner's count is the live rows', the deleted ones gone from it.
    const [live] = await owner<{ count: number }>(`select count(*)::int as count from private.throttle_events`);
    expect(after.reltuples).toBe(live!.count);
    // Never analyzed, a table's size is unknown to the planner (-1); now it is counted.
    const unknown = await owner<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname in ('public', 'private', 'app') and c.reltuples < 0`,
    );
    expect(unknown).toEqual([]);
  });

  it('waits for the request in flight, which commits as usual', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const request = db.transaction(async (tx) => {
      await tx.query(
        `insert into private.throttle_events (limit_name, subject)
         values ((select min(name) from private.throttle_limits), 'held-upkeep')`,
      );
      await held;
    });
    let upkeepDone = false;
    const upkeep = keepUpOnce(db).then(() => (upkeepDone = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upkeepDone).toBe(false);
    release();
    await Promise.all([request, upkeep]);
    expect(await owner(`select 1 from private.throttle_events where subject = 'held-upkeep'`)).toHaveLength(1);
  });

  it('runs on its own after the first delay, says what it did, and stops when asked', async () => {
    const lines: string[] = [];
    const stop = startPgliteUpkeep(db, { firstAfterMs: 0, everyMs: 60_000, log: (line) => lines.push(line) });
    await expect.poll(() => lines.length, { timeout: 30_000 }).toBe(1);
    expect(lines[0]).toMatch(/^Database upkeep: VACUUM \(ANALYZE\) of \d+ tables in \d+ ms \(longest \S+, \d+ ms\)\.$/);
    await stop();
    // Stopped: the database closes with nothing left running on it.
    expect(lines).toHaveLength(1);
  });
});
