// Runs the real Node host (`node --import tsx server/main.ts`) as a child process, the way
// `npm start` does, for tests that need a real port, real signals and a real data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
];

const LISTENING_LINE = /FC RideShare listening on http:\/\/localhost:(\d+)/;

export interface HostOptions {
  // Host settings (DATA_DIR, DATABASE_URL, STATIC_DIR, ...). PORT defaults to 0 (any free
  // port; the host prints the real one) and HOST to 127.0.0.1.
  env?: Record<string, string | undefined>;
  startTimeoutMs?: number;
}

export interface HostExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

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

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function hostEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of HOST_SETTINGS) delete env[key];
  Object.assign(env, { PORT: '0', HOST: '127.0.0.1', NO_COLOR: '1' });
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

function spawnHost(options: HostOptions) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: hostEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.HOST_PROCESS_DEBUG) process.stderr.write(`[host ${child.pid}] ${chunk}`);
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<HostExit>((resolve) => {
    child.on('close', (code, signal) => {
      live.delete(child);
      resolve({ code, signal, output });
    });
  });
  return { child, exited, output: () => output, onOutput: (listener: () => void) => listeners.add(listener) };
}

// Starts a host and waits until it prints the address it listens on.
export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  const { child, exited, output, onOutput } = spawnHost(options);
  const timeoutMs = options.startTimeoutMs ?? 90_000;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The host did not start within ${timeoutMs} ms. Output:\n${output()}`));
    }, timeoutMs);
    const check = () => {
      const match = LISTENING_LINE.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    onOutput(check);
    check();
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`The host exited (code ${code}, signal ${signal}) before listening. Output:\n${output()}`));
    });
  });

  return {
    child,
    pid: child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM', stopTimeoutMs = 15_000) {
      const started = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`The host did not stop within ${stopTimeoutMs} ms of ${signal}. Output:\n${output()}`));
        }, stopTimeoutMs);
      });
      try {
        const exit = await Promise.race([exited, timedOut]);
        return { ...exit, elapsedMs: performance.now() - started };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

// Runs a host that is expected to refuse to start, and returns how it exited.
export async function runHostUntilExit(options: HostOptions = {}, timeoutMs = 60_000): Promise<HostExit> {
  const { child, exited, output } = spawnHost(options);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The host was expected to exit but still ran after ${timeoutMs} ms. Output:\n${output()}`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([exited, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

// For afterEach/afterAll: whatever a failed test left running is killed.
export async function killAllHosts(): Promise<void> {
  const children = [...live];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('close', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
