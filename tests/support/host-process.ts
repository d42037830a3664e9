// Runs the real Node host (`node --import tsx server/main.ts`) as a child process, the way
// `npm start` does, for tests that need a real port, real signals and a real data directory.
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { type ChildExit, exitWithin, killAll, spawnCollecting, stopChild, waitForListening } from './child-process.ts';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

// The host's own settings: never inherited from the shell running the tests.
const HOST_SETTINGS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'ADMIN_USERNAME',
  'SESSION_TRANSPORT',
  'ALLOWED_ORIGINS',
  'TRUST_PROXY',
  'STATIC_DIR',
  'THROTTLE_LIMITS_SCALE',
  'LOG_LEVEL',
];

const LISTENING_LINE = /FC RideShare listening on http:\/\/localhost:(\d+)/;

export interface HostOptions {
  // Host settings (DATA_DIR, DATABASE_URL, STATIC_DIR, ...). PORT defaults to 0 (any free
  // port; the host prints the real one) and HOST to 127.0.0.1.
  env?: Record<string, string | undefined>;
  startTimeoutMs?: number;
  // Another checkout of the app to run (an older release, for the upgrade test); this one by default.
  cwd?: string;
}

export type HostExit = ChildExit;

export interface RunningHost {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  // Everything the host printed so far, stdout and stderr interleaved as they arrived.
  output(): string;
  exited: Promise<HostExit>;
  // Sends the signal and waits for the exit; SIGKILLs and rejects if it takes too long.
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<HostExit & { elapsedMs: number }>;
}

// The hosts still running, for killAllHosts.
const live = new Set<ChildProcess>();

function hostEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of HOST_SETTINGS) delete env[key];
  // The browser suites register and organise more from one address within an hour than the
  // abuse throttles let a person do (tests/api/abuse-throttles.test.ts checks those limits).
  Object.assign(env, { PORT: '0', HOST: '127.0.0.1', NO_COLOR: '1', THROTTLE_LIMITS_SCALE: '100' });
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

function spawnHost(options: HostOptions) {
  return spawnCollecting(
    'host',
    process.execPath,
    ['--import', 'tsx', 'server/main.ts'],
    { cwd: options.cwd ?? REPO_ROOT, env: hostEnv(options.env) },
    live,
  );
}

// Starts a host and waits until it prints the address it listens on.
export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  const started = spawnHost(options);
  const port = await waitForListening(started, LISTENING_LINE, options.startTimeoutMs ?? 90_000, 'The host');
  return {
    child: started.child,
    pid: started.child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    output: started.output,
    exited: started.exited,
    stop: (signal: NodeJS.Signals = 'SIGTERM', stopTimeoutMs = 15_000) =>
      stopChild(started, signal, stopTimeoutMs, 'The host'),
  };
}

// Runs a host that is expected to refuse to start, and returns how it exited.
export function runHostUntilExit(options: HostOptions = {}, timeoutMs = 60_000): Promise<HostExit> {
  return exitWithin(
    spawnHost(options),
    timeoutMs,
    `The host was expected to exit but still ran after ${timeoutMs} ms.`,
  );
}

// For afterEach/afterAll: whatever a failed test left running is killed.
export function killAllHosts(): Promise<void> {
  return killAll(live);
}
