// PGlite has no autovacuum: a single-user Postgres runs no background workers. Left alone, its
// tables never get statistics, so the planner guesses their sizes. Such a guess once made the
// inbox trim read the whole table on every insert (ADR 0032). Dead rows from updates and deletes
// are never reclaimed either, and old rows are never frozen. The host on PGlite does autovacuum's
// work itself (ADR 0032): VACUUM (ANALYZE) of every table, soon after it starts and then every few
// hours. It goes one table at a time, so a request waits for at most one table's pass, never for
// the whole database.
import type { PgliteDatabase } from './pglite-database.ts';

export const FIRST_UPKEEP_AFTER_MS = 60_000;
export const UPKEEP_EVERY_MS = 6 * 60 * 60 * 1000;

export interface UpkeepRun {
  tables: number;
  totalMs: number;
  // The longest any request could have waited behind the upkeep.
  longestTable: { name: string; ms: number };
}

type UpkeepDatabase = Pick<PgliteDatabase, 'tablesToKeepUp' | 'vacuumAnalyze'>;

export async function keepUpOnce(db: UpkeepDatabase, stopping: () => boolean = () => false): Promise<UpkeepRun> {
  const started = performance.now();
  const tables = await db.tablesToKeepUp();
  let longestTable = { name: '', ms: 0 };
  let done = 0;
  for (const name of tables) {
    if (stopping()) break;
    const tableStarted = performance.now();
    await db.vacuumAnalyze(name);
    const ms = performance.now() - tableStarted;
    if (ms > longestTable.ms) longestTable = { name, ms };
    done += 1;
  }
  return { tables: done, totalMs: performance.now() - started, longestTable };
}

// Returns the stopper: no new run starts, and a run in flight stops after its current table, so
// the database can be closed.
export function startPgliteUpkeep(
  db: UpkeepDatabase,
  {
    firstAfterMs = FIRST_UPKEEP_AFTER_MS,
    everyMs = UPKEEP_EVERY_MS,
    log = console.log,
  }: { firstAfterMs?: number; everyMs?: number; log?: (line: string) => void } = {},
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const run = () => {
    running = keepUpOnce(db, () => stopped).then(
      ({ tables, totalMs, longestTable }) =>
        log(
          `Database upkeep: VACUUM (ANALYZE) of ${tables} tables in ${Math.round(totalMs)} ms` +
            ` (longest ${longestTable.name}, ${Math.round(longestTable.ms)} ms).`,
        ),
      (error: unknown) => log(`Database upkeep failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    void running.then(() => {
      if (!stopped) timer = setTimeout(run, everyMs).unref();
    });
  };
  timer = setTimeout(run, firstAfterMs).unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
