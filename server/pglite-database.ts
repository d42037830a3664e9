import { join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

import type { Database } from '../supabase/functions/api/lib/database.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { ownerOnlyDirectory, tightenTree } from './owner-only.ts';

// Embedded Postgres in this process. PGlite runs one transaction at a time, so requests
// queue instead of interleaving; that is also what keeps its single connection consistent.
export interface PgliteDatabase extends Database {
  // The whole cluster as a gzipped tarball, for loadDataDir; a backup (backup.ts).
  dumpDataDir(): Promise<Blob>;
  // The tables autovacuum would look after (pglite-upkeep.ts), schema-qualified and quoted.
  tablesToKeepUp(): Promise<string[]>;
  // VACUUM (ANALYZE) of one of those tables. VACUUM cannot run inside a transaction: PGlite runs
  // it between two requests' transactions, as it runs every statement, one at a time.
  vacuumAnalyze(table: string): Promise<void>;
}

// loadDataDir: start from a dumpDataDir() copy instead of an empty cluster (the test suites clone
// one migrated database rather than run initdb and every migration per suite).

export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDatabase> {
  if (dataDir) ownerOnlyDirectory(dataDir);
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir ? join(dataDir, 'pgdata') : undefined, {
      extensions: { pgcrypto },
      loadDataDir: options.loadDataDir,
    });
    if (dataDir) tightenTree(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  // Every write goes through transaction(): counted as it begins and as it ends, so a read taken
  // between two counts saw no write in flight.
  let changes = 0;
  return {
    transaction: async (work) => {
      changes++;
      try {
        return await db.transaction((tx) =>
          work({
            query: async (text, params) => (await tx.query(text, params)).rows as never,
            exec: async (script) => {
              await tx.exec(script);
            },
          }),
        );
      } finally {
        changes++;
      }
    },
    readStatement: async (text) => (await db.query(text)).rows as never,
    // Inside a transaction of its own, so it waits for the one in flight: the copy holds what
    // was committed, never half a request (PGlite's dump only waits for the current statement).
    dumpDataDir: () =>
      db.transaction(async (tx) => {
        await tx.exec('checkpoint');
        return db.dumpDataDir('gzip');
      }),
    tablesToKeepUp: async () =>
      (
        await db.query<{ name: string }>(
          `select format('%I.%I', n.nspname, c.relname) as name
             from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
            where c.relkind in ('r', 'm')
              and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
            order by 1`,
        )
      ).rows.map((row) => row.name),
    vacuumAnalyze: async (table) => {
      if (!/^"?[\w$]+"?\."?[\w$]+"?$/.test(table)) throw new Error(`Not a table name: ${table}`);
      // This backend's own recent writes are counted in pending statistics, flushed at most once
      // a second. Left pending, they land after VACUUM's count and put the deleted rows back.
      await db.query('select pg_catalog.pg_stat_force_next_flush()');
      await db.exec(`vacuum (analyze) ${table}`);
    },
    changeCount: () => changes,
    // PGlite hands a NOTIFY to its listeners after the statement that committed it; the callback
    // runs inside PGlite's own bookkeeping, so what it starts waits a turn.
    listen: (channel, onPayload) => db.listen(channel, (payload) => setTimeout(() => onPayload(payload), 0)),
    async close() {
      await db.close();
      unlock();
    },
  };
}
