import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

import { startApp } from './app-host.ts';
import { type AppContextOptions, launchChromium, newAppContext } from './browser.ts';

type App = Awaited<ReturnType<typeof startApp>>;

// The app on its own host and one Chromium for a describe block, and phones (375 px, touch)
// that are closed with it: what most journeys need before their first step. `options` are every
// phone's; phone(options) one phone's.
export function usePhones(defaults: AppContextOptions = {}) {
  let app: App | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await app?.close();
  });

  return {
    get app(): App {
      if (!app) throw new Error('usePhones: the app starts in beforeAll');
      return app;
    },
    async phone(options: AppContextOptions = {}): Promise<BrowserContext> {
      if (!browser || !app) throw new Error('usePhones: the browser starts in beforeAll');
      const context = await newAppContext(browser, 'phone', app.url, { ...defaults, ...options });
      contexts.push(context);
      return context;
    },
  };
}
