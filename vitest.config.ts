import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { linguiPlugins } from './build/lingui-plugins';

const shared = fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url));

// Where every host and function the e2e workers start writes its output (only theirs: the api
// project's hosts are not in it), searched for secrets when the run ends (e2e/support/host-logs.ts).
// HOST_LOG_DIR set by the caller keeps it, to read afterwards.
const e2eHostLogDir = process.env.HOST_LOG_DIR || join(tmpdir(), `fc-e2e-host-logs-${process.pid}`);

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker, so every file ran after the other. Two
    // for a run of one project; `npm test` runs the browser journeys (one at a time, see below)
    // beside the api and jsdom files on one worker (scripts/run-suite.mjs, ADR 0030).
    maxWorkers: 2,
    projects: [
      {
        // API, SQL, hosts and the edge function: real PGlite, PostgreSQL and Deno.
        test: {
          name: 'api',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The PWA's rules and forms in jsdom.
        plugins: [react(), ...linguiPlugins()],
        resolve: {
          alias: {
            '@shared': shared,
            'virtual:pwa-register/react': fileURLToPath(new URL('./src/testing/pwa-register.ts', import.meta.url)),
          },
        },
        test: {
          name: 'ui',
          // One jsdom for all files: a fresh one per file cost three times the tests' own time
          // (186 s against 35 s). Each test renders into its own providers (src/testing/render.tsx)
          // and the setup file resets what the tests share (msw handlers, storage, the DOM).
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        // Whole journeys in Debian's Chromium against the real built app.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // One Chromium for the whole run; each file connects to it (e2e/support/browser.ts).
          // The hosts' logs of the whole run are searched for secrets at its end (host-logs.ts).
          globalSetup: ['e2e/support/shared-chromium.ts', 'e2e/support/host-logs.ts'],
          env: { HOST_LOG_DIR: e2eHostLogDir },
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
