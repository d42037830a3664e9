// Issue 22, item 8: after a crash the server refused to start when the stale lock's PID now
// belonged to another process (PID reuse, common in containers). The lock now names its process by
// PID and start time (server/data-dir-lock.ts); these tests take it in real child processes, crash
// them with SIGKILL, and hand their PIDs to other processes the way a restart would.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { lockDataDir } from '../../server/data-dir-lock.ts';
import { REPO_ROOT } from '../support/host-process.ts';

const tempDirs: string[] = [];
const children = new Set<ChildProcess>();

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fc-lock-'));
  tempDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
});
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

interface Locker {
  child: ChildProcess;
  // 'locked', or the error the lock refused with.
  outcome: Promise<string>;
}

// A process that takes the data directory's lock, as the server does at start, and holds it.
function startLocker(dataDir: string): Locker {
  const script = `
    import { lockDataDir } from ${JSON.stringify(join(REPO_ROOT, 'server/data-dir-lock.ts'))};
    try { lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); }
    catch (error) { console.log(error.message); process.exit(3); }
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const outcome = new Promise<string>((resolve) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    child.on('exit', () => resolve(output.trim()));
  });
  return { child, outcome };
}

// Some other program, alive, that is not a server: what a crashed server's PID now names.
function otherProcess(): ChildProcess {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.add(child);
  return child;
}

async function crash(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  children.delete(child);
}

// The lock left behind, with its PID now naming `pid`: what the kernel does when it hands the
// dead server's PID to the next process.
function reusePid(dataDir: string, pid: number): void {
  const lockPath = join(dataDir, 'server.lock');
  writeFileSync(lockPath, readFileSync(lockPath, 'utf8').replace(/^\d+/, String(pid)));
}

describe('the data directory lock', () => {
  it('is refused to a second server while the first runs, and taken once the first crashed', async () => {
    const dataDir = tempDir();
    const first = startLocker(dataDir);
    expect(await first.outcome).toBe('locked');

    const second = startLocker(dataDir);
    const refused = await second.outcome;
    expect(refused).toContain(`The data directory ${dataDir} is already in use`);
    expect(refused).toContain(`(process ${first.child.pid})`);

    await crash(first.child);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);
    const third = startLocker(dataDir);
    expect(await third.outcome).toBe('locked');
  });

  it("starts after a crash when the dead server's PID now belongs to another process", async () => {
    const dataDir = tempDir();
    const crashed = startLocker(dataDir);
    expect(await crashed.outcome).toBe('locked');
    await crash(crashed.child);
    const stranger = otherProcess();
    reusePid(dataDir, stranger.pid!);

    const restarted = startLocker(dataDir);
    expect(await restarted.outcome).toBe('locked');
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8')).toMatch(new RegExp(`^${restarted.child.pid}\\n`));
    expect(stranger.exitCode).toBeNull();
  });

  it("starts when the dead server's PID is now its own (a container restarted)", async () => {
    const dataDir = tempDir();
    const crashed = startLocker(dataDir);
    expect(await crashed.outcome).toBe('locked');
    await crash(crashed.child);
    reusePid(dataDir, process.pid);

    const unlock = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid}\\n`));
    unlock();
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });

  it('lets exactly one of several servers started together over a stale lock take it', async () => {
    const dataDir = tempDir();
    const crashed = startLocker(dataDir);
    expect(await crashed.outcome).toBe('locked');
    await crash(crashed.child);

    const starters = Array.from({ length: 5 }, () => startLocker(dataDir));
    const outcomes = await Promise.all(starters.map((starter) => starter.outcome));
    expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.includes('already in use'))).toHaveLength(4);
  });
});
