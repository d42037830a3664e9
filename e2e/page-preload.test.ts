// A page opened directly (the guide from the home screen, a ride from a shared link) fetches its
// code alongside the shell's, from the modulepreload links index.html's inline script adds for
// that path, and its first render draws the page itself: the router's loading spinner never
// shows. Home, which ships with the shell, preloads nothing more.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import { e2eAvailability, launchChromium, newAppContext, watchCspViolations } from './support/browser.ts';
import { createRideViaApi, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

interface Loaded {
  spinnerBeforeHeading: boolean;
  // The page's chunk was asked for while the shell's framework chunk was still held back by
  // the test, so before any of the app's own code ran: only index.html can have asked for it.
  fetchedWithShell: boolean;
  preloaded: string[];
}

// Notes whether a spinner was ever in the page before its first h1, from the first byte on.
async function watchFirstRender(context: BrowserContext) {
  await context.addInitScript(() => {
    const state = { spinnerBeforeHeading: false };
    (window as unknown as { __firstRender: typeof state }).__firstRender = state;
    new MutationObserver(() => {
      if (!document.querySelector('h1') && document.querySelector('#root .spinner')) state.spinnerBeforeHeading = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

const HOLD_MS = 3000;

async function open(page: Page, path: string, pageChunk: RegExp): Promise<Loaded> {
  let fetchedWithShell = false;
  let holding = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  page.on('request', (request) => {
    if (!pageChunk.test(new URL(request.url()).pathname)) return;
    fetchedWithShell ||= holding;
    release();
  });
  await page.route(/\/assets\/framework-[^/]+\.js$/, async (route) => {
    holding = true;
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, HOLD_MS))]);
    holding = false;
    await route.continue();
  });
  await page.goto(path);
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
  const seen = await page.evaluate(() => ({
    spinnerBeforeHeading: (window as unknown as { __firstRender: { spinnerBeforeHeading: boolean } }).__firstRender
      .spinnerBeforeHeading,
    preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  }));
  return { ...seen, fetchedWithShell };
}

describe.skipIf(!availability.run)('the code of a page opened directly', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let shellPreloads: string[];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
    const html = await (await fetch(`${app.url}/home`)).text();
    shellPreloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function freshPage() {
    const context = await newAppContext(browser, 'phone', app.url, { serviceWorkers: 'allow' });
    await watchFirstRender(context);
    const csp = await watchCspViolations(context);
    return { context, page: await context.newPage(), csp };
  }

  it('the guide: fetched with the shell, drawn without a spinner first, no CSP report', async () => {
    const { context, page, csp } = await freshPage();
    const loaded = await open(page, '/guide', /\/assets\/guide-route-[^/]+\.js$/);
    expect(loaded.fetchedWithShell).toBe(true);
    expect(loaded.spinnerBeforeHeading).toBe(false);
    await csp.settle();
    expect(csp.violations).toEqual([]);
    await context.close();
  });

  it('a shared ride link: the ride page is fetched with the shell', async () => {
    const { context, page } = await freshPage();
    await registerViaApi(context, username('preload'));
    const ride = (await createRideViaApi(context)) as { id: number };
    await context.clearCookies();
    const loaded = await open(page, `/rides/${ride.id}`, /\/assets\/ride-detail-page-route-[^/]+\.js$/);
    expect(loaded.fetchedWithShell).toBe(true);
    await context.close();
  });

  it('home ships with the shell and preloads no page', async () => {
    const { context, page } = await freshPage();
    const loaded = await open(page, '/home', /\/assets\/guide-route-[^/]+\.js$/);
    expect(loaded.fetchedWithShell).toBe(false);
    expect(loaded.preloaded).toEqual(expect.arrayContaining(shellPreloads));
    expect(
      loaded.preloaded.filter((path) => /\/(guide-route|ride-detail-page-route|auth-page|profile-route)-/.test(path)),
    ).toEqual([]);
    expect(loaded.spinnerBeforeHeading).toBe(false);
    await context.close();
  });
});
