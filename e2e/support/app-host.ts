import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createPostgresDatabaseUrl, withMigratedPglite } from '../../tests/support/databases.ts';
import { REPO_ROOT, type RunningHost, startHost } from '../../tests/support/host-process.ts';

// The real app as `npm start` runs it: the built PWA plus the api on an empty database.
// E2E_STATIC_DIR points at another build (`vite build --outDir …`), so two people working in one
// checkout can each run the browser suites against their own build.
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? join(REPO_ROOT, 'dist');

// Which database a journey's host opens. Where the suite has a PostgreSQL server
// (TEST_DATABASE_URL, as CI does), a fresh database of its own on it: the journeys then spend
// about half the CPU that PGlite's WebAssembly takes, which the api lane beside them needs
// (ADR 0030). 'pglite' keeps `npm start`'s own embedded database, for the journeys that are
// about that host; without a server every journey runs on PGlite.
export interface StartAppOptions {
  database?: 'pglite' | 'suite';
}

export async function startApp(
  env: Record<string, string> = {},
  { database = 'suite' }: StartAppOptions = {},
): Promise<RunningHost & { dataDir: string; close(): Promise<void> }> {
  if (!existsSync(join(STATIC_DIR, 'index.html'))) {
    // As `npm run build` does: Vitest's NODE_ENV=test would give React's development build.
    execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-e2e-'));
  const own = env.DATA_DIR === undefined && env.DATABASE_URL === undefined;
  const onPostgres = own && database === 'suite' && Boolean(process.env.TEST_DATABASE_URL);
  const postgresDb = onPostgres ? await createPostgresDatabaseUrl() : null;
  // A copy of one migrated PGlite cluster: the same empty, migrated database the host would
  // make, without its initdb (most of a start).
  if (own && !postgresDb) await withMigratedPglite(dataDir);
  const host = await startHost({
    env: { DATA_DIR: dataDir, STATIC_DIR, ...(postgresDb ? { DATABASE_URL: postgresDb.url } : {}), ...env },
  });
  return {
    ...host,
    dataDir,
    async close() {
      // Its database is deleted next: no need for PGlite's orderly close (1.6 s a file). A clean
      // stop is the host tests' subject (tests/host/restart.test.ts).
      await host.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      await postgresDb?.drop();
    },
  };
}
