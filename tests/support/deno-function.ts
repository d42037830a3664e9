// Runs supabase/functions/api/index.ts under the real Deno binary (npm package `deno`), as the
// Supabase Edge Runtime would: from the function's own folder, with its deno.json import map.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './host-process.ts';

export const DENO_BIN = join(REPO_ROOT, 'node_modules/.bin/deno');
export const FUNCTION_DIR = join(REPO_ROOT, 'supabase/functions/api');
// npm packages Deno downloads on its first run are kept here, so later runs start fast.
export const DENO_DIR = join(REPO_ROOT, 'node_modules/.cache/deno');

// Run from the function folder, with its import map, never from the npm root: Deno would
// otherwise pick up the project's package.json and node_modules. `--node-modules-dir=none`
// says so explicitly, and `--no-lock` keeps it from writing a deno.lock into the sources.
const DENO_FLAGS = ['--no-lock', '--node-modules-dir=none', '--config', 'deno.json'];

// The function's own settings: never inherited from the shell running the tests.
const FUNCTION_SETTINGS = ['SUPABASE_DB_URL', 'ADMIN_USERNAME', 'SESSION_TRANSPORT', 'ALLOWED_ORIGINS', 'PORT'];

const LISTENING_LINE = /api function listening on http:\/\/localhost:(\d+)/;

function denoEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of FUNCTION_SETTINGS) delete env[key];
  delete env.NODE_OPTIONS;
  Object.assign(env, { DENO_DIR, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', PORT: '0' });
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export interface DenoRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

function runDeno(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(DENO_BIN, args, { cwd: FUNCTION_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.HOST_PROCESS_DEBUG) process.stderr.write(`[deno ${child.pid}] ${chunk}`);
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<DenoRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, output }));
  });
  return { child, exited, output: () => output, onOutput: (listener: () => void) => listeners.add(listener) };
}

// `deno check` of the entry: the project's tsc leaves index.ts out (it uses Deno globals).
export async function denoCheck(): Promise<DenoRun> {
  return runDeno(['check', ...DENO_FLAGS, 'index.ts'], denoEnv({})).exited;
}

export interface RunningFunction {
  child: ChildProcess;
  port: number;
  url: string;
  startedInMs: number;
  output(): string;
  stop(timeoutMs?: number): Promise<DenoRun & { elapsedMs: number }>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export async function startDenoFunction(
  env: Record<string, string | undefined>,
  startTimeoutMs = 240_000,
): Promise<RunningFunction> {
  const started = performance.now();
  const { child, exited, output, onOutput } = runDeno(
    ['run', ...DENO_FLAGS, '--allow-net', '--allow-env', 'index.ts'],
    denoEnv(env),
  );
  live.add(child);
  void exited.finally(() => live.delete(child)).catch(() => {});

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Deno did not start within ${startTimeoutMs} ms. Output:\n${output()}`));
    }, startTimeoutMs);
    const check = () => {
      const match = LISTENING_LINE.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    onOutput(check);
    check();
    exited.then(
      ({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`Deno exited (code ${code}, signal ${signal}) before listening. Output:\n${output()}`));
      },
      (error: Error) => {
        clearTimeout(timer);
        reject(new Error(`Could not run ${DENO_BIN}: ${error.message}`));
      },
    );
  });

  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    startedInMs: performance.now() - started,
    output,
    async stop(stopTimeoutMs = 15_000) {
      const stopping = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`Deno did not stop within ${stopTimeoutMs} ms of SIGTERM. Output:\n${output()}`));
        }, stopTimeoutMs);
      });
      try {
        const exit = await Promise.race([exited, timedOut]);
        return { ...exit, elapsedMs: performance.now() - stopping };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export function killAllDenoFunctions(): void {
  for (const child of live) child.kill('SIGKILL');
}
