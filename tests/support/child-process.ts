// A server started as a child process for a test: its output collected, its "listening on"
// line awaited, its shutdown timed. Shared by the Node host and the Deno function helpers.
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

export interface CollectedChild {
  child: ChildProcess;
  // Resolves when the process closes; rejects when it could not be started at all.
  exited: Promise<ChildExit>;
  output(): string;
  // Returns the unsubscribe: a listener left behind would read the whole output again on every
  // chunk for the rest of the run (a host logs a line per request).
  onOutput(listener: () => void): () => void;
}

// Whatever a test run leaves behind is killed when the test process exits.
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export function spawnCollecting(
  label: string,
  command: string,
  args: string[],
  options: SpawnOptions,
  tracked?: Set<ChildProcess>,
): CollectedChild {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  tracked?.add(child);
  let output = '';
  const listeners = new Set<() => void>();
  // The e2e run keeps every server's output in HOST_LOG_DIR, for the check that no secret
  // reaches a log (e2e/support/host-logs.ts).
  const logFile = process.env.HOST_LOG_DIR
    ? join(process.env.HOST_LOG_DIR, `${label}-${process.pid}-${child.pid ?? 'unstarted'}-${Date.now()}.log`)
    : null;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (logFile) appendFileSync(logFile, chunk);
    if (process.env.HOST_PROCESS_DEBUG) process.stderr.write(`[${label} ${child.pid}] ${chunk}`);
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<ChildExit>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      live.delete(child);
      tracked?.delete(child);
      resolve({ code, signal, output });
    });
  });
  const onOutput = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { child, exited, output: () => output, onOutput };
}

// The port the server prints once it listens; fails if it exits first or takes too long.
export function waitForListening(
  started: CollectedChild,
  listeningLine: RegExp,
  timeoutMs: number,
  what: string,
): Promise<number> {
  const { child, exited, output, onOutput } = started;
  return new Promise<number>((resolve, reject) => {
    let stopListening = () => {};
    const settle = (then: () => void) => {
      clearTimeout(timer);
      stopListening();
      then();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(() => reject(new Error(`${what} did not start within ${timeoutMs} ms. Output:\n${output()}`)));
    }, timeoutMs);
    const check = () => {
      const match = listeningLine.exec(output());
      if (match) settle(() => resolve(Number(match[1])));
    };
    stopListening = onOutput(check);
    check();
    exited.then(
      ({ code, signal }) =>
        settle(() =>
          reject(new Error(`${what} exited (code ${code}, signal ${signal}) before listening. Output:\n${output()}`)),
        ),
      (error: Error) => settle(() => reject(new Error(`Could not run ${what}: ${error.message}`))),
    );
  });
}

// Waits for the exit, SIGKILLing and rejecting with `message` if it takes longer than timeoutMs.
export async function exitWithin(started: CollectedChild, timeoutMs: number, message: string): Promise<ChildExit> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      started.child.kill('SIGKILL');
      reject(new Error(`${message} Output:\n${started.output()}`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([started.exited, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

// Sends the signal (unless it already exited) and reports how long the stop took.
export async function stopChild(
  started: CollectedChild,
  signal: NodeJS.Signals,
  timeoutMs: number,
  what: string,
): Promise<ChildExit & { elapsedMs: number }> {
  const stopping = performance.now();
  const { child } = started;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  const exit = await exitWithin(started, timeoutMs, `${what} did not stop within ${timeoutMs} ms of ${signal}.`);
  return { ...exit, elapsedMs: performance.now() - stopping };
}

// For afterEach/afterAll: kills whatever a failed test left running in `tracked`, and waits.
export async function killAll(tracked: Set<ChildProcess>): Promise<void> {
  await Promise.all(
    [...tracked].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('close', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
