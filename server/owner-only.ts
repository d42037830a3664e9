// The embedded database's files hold password hashes, chats and the VAPID key: nobody but the
// account running the host may read them (issue 35 §5). PGlite sets mode 0666 on every file it
// writes whatever the umask, so the data directory itself is kept 0700 (what no other user can
// pass through) and what PGlite wrote is tightened at each start and restore.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function ownerOnlyDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

// Files 0600 and folders 0700 below `dir`; links and sockets are left as they are.
export function tightenTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      chmodSync(path, 0o700);
      tightenTree(path);
    } else if (entry.isFile() && (lstatSync(path).mode & 0o077) !== 0) {
      chmodSync(path, 0o600);
    }
  }
}
