import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// PGlite happily lets two processes open one data directory, and two writers corrupt it.
// A pid file, taken atomically, keeps it to one; a stale one (its process gone) is replaced.
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    // Written whole to a private file, then linked into place: the lock never exists empty,
    // so a second server can never read it half-made and take it for stale.
    const candidate = `${lockPath}.${process.pid}`;
    writeFileSync(candidate, String(process.pid));
    try {
      linkSync(candidate, lockPath);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The data directory ${dataDir} is already in use by another FC RideShare server (process ${owner}). ` +
            'Stop that server first, or start this one with a different DATA_DIR.',
          { cause: error },
        );
      }
      rmSync(lockPath, { force: true });
    } finally {
      rmSync(candidate, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
