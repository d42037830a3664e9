// Backups of the embedded database (docs/deploy.md "Backups"). A running host holds DATA_DIR
// (data-dir-lock.ts) and PGlite in its memory, so no other process may read the files; the host
// itself answers a backup request on a Unix socket inside DATA_DIR. Whoever can reach that socket
// can read the data files anyway: the socket is the folder's owner's, mode 0600, and never a
// network port. With no host running, the backup opens the directory itself.
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';

import { ownerOnlyRelativeTar, pgliteTar } from './backup-tar.ts';
import { ownerOnlyDirectory } from './owner-only.ts';
import type { PgliteDatabase } from './pglite-database.ts';
import { openPglite } from './pglite-database.ts';

export const CONTROL_SOCKET = 'control.sock';
// Unix socket paths are limited to about 100 bytes (108 on Linux, 104 on macOS).
const MAX_SOCKET_PATH = 100;

// fc-rideshare-2026-12-01T093012Z.tar.gz: sorts by time, and the date is in the name.
export function backupFileName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '');
  return `fc-rideshare-${stamp}.tar.gz`;
}

// In the host on PGlite: serves GET /backup with a snapshot (PgliteDatabase.dumpDataDir waits
// for the transaction in flight, so the copy is of committed state only). Returns the closer.
export async function serveBackups(dataDir: string, database: PgliteDatabase): Promise<() => Promise<void>> {
  const socketPath = join(dataDir, CONTROL_SOCKET);
  if (socketPath.length > MAX_SOCKET_PATH) {
    console.log(`Backups of a running host are off: ${socketPath} is too long for a socket.`);
    return async () => {};
  }
  // This process holds the data directory's lock, so a socket file left there is a dead host's.
  rmSync(socketPath, { force: true });
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    database.dumpDataDir().then(
      async (dump) => {
        res.writeHead(200, { 'content-type': 'application/gzip' });
        res.end(Buffer.from(await dump.arrayBuffer()));
      },
      (error: unknown) => {
        console.error('backup failed', error instanceof Error ? error.message : 'unknown error');
        res.writeHead(500).end();
      },
    );
  });
  // Created owner-only: the umask covers the moment between bind and any chmod.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, resolve);
    });
  } finally {
    process.umask(umask);
  }
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
}

function askRunningHost(socketPath: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/backup', method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`the host answered ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    // No host behind a socket file: a crashed host's leftover; the directory is free.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolve(null) : reject(error),
    );
    req.end();
  });
}

// A snapshot of DATA_DIR's database: from the host running on it, or read directly when none is
// (taking the directory's lock meanwhile, so a host cannot start halfway through).
export async function takeBackup(dataDir: string): Promise<{ dump: Buffer; fromRunningHost: boolean }> {
  if (!existsSync(join(dataDir, 'pgdata'))) throw new Error(`No embedded database in ${dataDir} (no pgdata folder).`);
  const fromHost = await askRunningHost(join(dataDir, CONTROL_SOCKET));
  if (fromHost) return { dump: fromHost, fromRunningHost: true };
  const database = await openPglite(dataDir);
  try {
    return { dump: Buffer.from(await (await database.dumpDataDir()).arrayBuffer()), fromRunningHost: false };
  } finally {
    await database.close();
  }
}

// Written under a temporary name and renamed: a file with the final name is always whole.
export function writeBackup(dir: string, dump: Buffer, now = new Date()): string {
  ownerOnlyDirectory(dir);
  const path = join(dir, backupFileName(now));
  const partial = `${path}.partial`;
  writeFileSync(partial, ownerOnlyRelativeTar(dump), { mode: 0o600 });
  renameSync(partial, path);
  return path;
}

// A backup into a data directory that holds no database yet; the next host start there applies
// any migration newer than the backup.
export async function restoreBackup(file: Buffer, dataDir: string): Promise<{ migration: string | null }> {
  if (existsSync(join(dataDir, 'pgdata'))) {
    throw new Error(`${dataDir} already holds a database: restore into a new DATA_DIR.`);
  }
  const database = await openPglite(dataDir, { loadDataDir: new Blob([new Uint8Array(pgliteTar(file))]) });
  try {
    const [row] = await database.transaction((tx) =>
      tx.query<{ version: string | null }>('select max(version) as version from supabase_migrations.schema_migrations'),
    );
    return { migration: row?.version ?? null };
  } finally {
    await database.close();
  }
}
