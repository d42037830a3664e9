import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// PGlite happily lets two processes open one data directory, and two writers corrupt it, so one
// server holds a lock file naming itself. A PID alone proves nothing after a crash: in a container
// the next start often gets the same small PIDs, and the dead server's PID may belong to another
// process (or to this one). So the file names the process by its PID, its start time (clock ticks
// after boot, /proc/<pid>/stat) and the boot's id: a lock is live only while a process with that
// PID started at that time in this boot. Where /proc is missing (macOS), the PID alone decides.
// Not proper-lockfile: its locks go stale by age, so a restart after a crash waits them out, and a
// holder whose event loop stalls past that age loses its lock while still running (ADR 0050).

interface Holder {
  pid: number;
  // '<start ticks> <boot id>', or null when the system does not tell.
  started: string | null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function bootId(): string | null {
  return readText('/proc/sys/kernel/random/boot_id')?.trim() || null;
}

// Field 22 of /proc/<pid>/stat; the command name before it (in parentheses) may hold spaces.
function startTicks(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function startedOf(pid: number): string | null {
  const ticks = startTicks(pid);
  const boot = bootId();
  return ticks && boot ? `${ticks} ${boot}` : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function describe(holder: Holder): string {
  return holder.started ? `${holder.pid}\n${holder.started}\n` : `${holder.pid}\n`;
}

function parse(text: string | null): Holder | null {
  const [pidLine, started] = (text ?? '').split('\n');
  const pid = Number(pidLine?.trim());
  return Number.isInteger(pid) && pid > 0 ? { pid, started: started?.trim() || null } : null;
}

// Whether the process the lock names is still the one that wrote it.
function isLive(holder: Holder): boolean {
  if (!isRunning(holder.pid)) return false;
  // Where the system tells start times, the PID's process must have started when the lock says.
  if (holder.started && startedOf(process.pid)) return startedOf(holder.pid) === holder.started;
  // No start time to compare (written where /proc is missing, or by an older version): this
  // process's own PID cannot be another server; any other running PID is taken as one.
  return holder.pid !== process.pid;
}

// Links a file holding `content` into place at `path`, or returns false if one is there. Written
// whole to a private file first: the lock never exists half-made.
function tryCreate(path: string, content: string): boolean {
  const candidate = `${path}.${process.pid}`;
  writeFileSync(candidate, content);
  try {
    linkSync(candidate, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    rmSync(candidate, { force: true });
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'server.lock');
  // Whoever removes a stale lock holds this one meanwhile, so two servers starting over the same
  // stale lock cannot both remove it (the second would remove the first one's new lock).
  const breakPath = `${lockPath}.break`;
  const mine = describe({ pid: process.pid, started: startedOf(process.pid) });

  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (tryCreate(lockPath, mine)) {
      return () => {
        if (readText(lockPath) === mine) rmSync(lockPath, { force: true });
      };
    }
    const seen = readText(lockPath);
    const holder = parse(seen);
    if (holder && isLive(holder)) {
      throw new Error(
        `The data directory ${dataDir} is already in use by another FC RideShare server (process ${holder.pid}). ` +
          `Stop that server first, or start this one with a different DATA_DIR. If no server is running there, delete ${lockPath}.`,
      );
    }
    if (tryCreate(breakPath, mine)) {
      try {
        if (readText(lockPath) === seen) rmSync(lockPath, { force: true });
      } finally {
        rmSync(breakPath, { force: true });
      }
    } else {
      const breaker = parse(readText(breakPath));
      if (!breaker || !isLive(breaker)) rmSync(breakPath, { force: true });
      else pause(20);
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
