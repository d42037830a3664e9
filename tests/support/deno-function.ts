// Runs supabase/functions/api/index.ts under the real Deno binary (npm package `deno`), as the
// Supabase Edge Runtime would: from the function's own folder, with its deno.json import map.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { type ChildExit, killAll, spawnCollecting, stopChild, waitForListening } from './child-process.ts';
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

export type DenoRun = ChildExit;

// The functions still running, for killAllDenoFunctions.
const live = new Set<ChildProcess>();

function runDeno(args: string[], env: NodeJS.ProcessEnv) {
  return spawnCollecting('deno', DENO_BIN, args, { cwd: FUNCTION_DIR, env }, live);
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

export async function startDenoFunction(
  env: Record<string, string | undefined>,
  startTimeoutMs = 240_000,
): Promise<RunningFunction> {
  const started = performance.now();
  const run = runDeno(['run', ...DENO_FLAGS, '--allow-net', '--allow-env', 'index.ts'], denoEnv(env));
  const port = await waitForListening(run, LISTENING_LINE, startTimeoutMs, 'Deno');
  return {
    child: run.child,
    port,
    url: `http://127.0.0.1:${port}`,
    startedInMs: performance.now() - started,
    output: run.output,
    stop: (stopTimeoutMs = 15_000) => stopChild(run, 'SIGTERM', stopTimeoutMs, 'Deno'),
  };
}

export function killAllDenoFunctions(): Promise<void> {
  return killAll(live);
}
