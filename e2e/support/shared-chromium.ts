// The e2e project's globalSetup: one Chromium for every browser suite of the run, which each
// suite's launchChromium() connects to (browser.ts) instead of starting its own (~1 s, and as
// long again to close, per file). Suites stay apart as before: each works in its own contexts,
// and closing its connection closes them.
import { existsSync } from 'node:fs';

import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium-flags.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedChromiumEndpoint: string | null;
  }
}

export default async function setup(project: TestProject) {
  // No Chromium: the suites skip or fail with their own message (e2eAvailability).
  if (!existsSync(CHROMIUM_PATH) || process.env.E2E_SHARED_CHROMIUM === '0') {
    project.provide('sharedChromiumEndpoint', null);
    return;
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  project.provide('sharedChromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
