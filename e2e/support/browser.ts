import { existsSync, readFileSync } from 'node:fs';

import type { AxeResults, RunOptions } from 'axe-core';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { expect, inject, onTestFinished } from 'vitest';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium-flags.ts';

export { CHROMIUM_FLAGS, CHROMIUM_PATH };

// Debian's Chromium, never a downloaded browser. Without it the journeys are skipped, loudly,
// unless E2E_REQUIRED is set (CI), where a missing browser is a failure.
export function e2eAvailability(): { run: boolean; reason: string } {
  if (existsSync(CHROMIUM_PATH)) return { run: true, reason: '' };
  const reason = `SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium to run the browser journeys)`;
  if (process.env.E2E_REQUIRED) throw new Error(`E2E_REQUIRED is set but ${reason}`);
  console.warn(reason);
  return { run: false, reason };
}

// extraArgs: more Chromium switches, e.g. --host-resolver-rules for a test that must not use
// Playwright's request interception (it answers CORS preflights itself). Without any, inside
// Vitest, a connection to the run's one Chromium (shared-chromium.ts): close() ends the
// connection and the contexts made through it, not the browser.
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const shared = extraArgs.length === 0 && process.env.VITEST ? inject('sharedChromiumEndpoint') : null;
  if (shared) return chromium.connect(shared);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  });
}

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

// 1×1 transparent PNG for map tiles.
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export interface GeocoderFixture {
  search: Array<{ place_id: number; lat: string; lon: string; display_name: string }>;
  reverseName: string;
}

export const DEFAULT_GEOCODER: GeocoderFixture = {
  search: [{ place_id: 101, lat: '1.3536', lon: '103.9454', display_name: 'Tampines MRT Station, Singapore' }],
  reverseName: 'Bedok Mall, Singapore',
};

// Any address but our own host. A RegExp, not a function: Playwright matches a RegExp in its
// server, so our host's requests (every asset, api call and precache fetch) are never paused for
// a round trip to this process; a function matcher pauses every request of the page for it.
const NOT_OUR_HOST = /^(?!https?:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?\/)/;

// Only the outside world is stubbed: map tiles and the public geocoder. Everything else that
// is not our own host is refused, so no test touches the internet.
export async function stubOutsideWorld(context: BrowserContext, geocoder: GeocoderFixture = DEFAULT_GEOCODER) {
  const calls = { search: [] as string[], reverse: [] as string[], tiles: 0 };
  await context.route(NOT_OUR_HOST, async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname.includes('tile.openstreetmap.org')) {
      calls.tiles += 1;
      return route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
    }
    if (url.hostname.includes('nominatim') && url.pathname.startsWith('/search')) {
      calls.search.push(url.searchParams.get('q') ?? '');
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(geocoder.search) });
    }
    if (url.hostname.includes('nominatim') && url.pathname.startsWith('/reverse')) {
      calls.reverse.push(url.search);
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ place_id: 7, display_name: geocoder.reverseName }),
      });
    }
    return route.abort('internetdisconnected');
  });
  return calls;
}

// The service worker is blocked unless a journey is about what it does (offline reading, the
// precache, pushes): a first visit, before it installs, behaves the same, and installing it
// fetches and stores the whole precache in every new context, about a second of the machine's
// time each (ADR 0035).
export interface AppContextOptions {
  serviceWorkers?: 'allow' | 'block';
}

export async function newAppContext(
  browser: Browser,
  viewport: ViewportName,
  baseURL: string,
  { serviceWorkers = 'block' }: AppContextOptions = {},
) {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers,
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: 'en-SG',
    timezoneId: 'Asia/Singapore',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await stubOutsideWorld(context);
  closeWithTheTest(context);
  context.on('page', closeWithTheTest);
  return context;
}

// What a test opens ends with it: a page left open keeps rendering and polling the api for the
// rest of the file, on a machine whose two cores the suite already fills.
function closeWithTheTest(target: { close(): Promise<void> }) {
  try {
    onTestFinished(() => target.close().catch(() => undefined));
  } catch {
    // Opened in a hook, for every test of the suite: the suite closes it.
  }
}

// axe on the page as it is now: no serious or critical violation may remain. `experimental`
// names rules axe tags experimental and so skips unless asked, such as
// label-content-name-mismatch (WCAG 2.5.3, level A): opt in where a page is known to pass them.
export async function expectAccessible(
  page: Page,
  label = page.url(),
  { experimental = [] }: { experimental?: string[] } = {},
) {
  let summary = await blockingViolations(page, experimental);
  // A colour read mid-transition is not the page's colour: a button enabled while axe ran (its
  // data arrived) fades in from the disabled look. A contrast finding must hold on a second look;
  // a real one does.
  if (summary.some((line) => line.startsWith('color-contrast ')))
    summary = await blockingViolations(page, experimental);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

// axe-core run in the page itself, injected once per document. @axe-core/playwright's analyze()
// opened a blank page for each check to merge per-frame results (the app has no frames) and
// re-sent the unminified source every time: 1.7–2.6 s a check against 0.5–0.8 s, over some
// 120 checks in a full run.
const AXE_SOURCE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, runOptions),
    options,
  );
}

async function blockingViolations(page: Page, experimental: string[]): Promise<string[]> {
  await finishTransitions(page);
  const rules = Object.fromEntries(experimental.map((rule) => [rule, { enabled: true }]));
  const results = await runAxe(page, {
    rules,
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    resultTypes: ['violations'],
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    );
}

// A button still fading between its hover and rest colours reads as low contrast: let running
// finite transitions end first (spinners run forever and are left alone; a paused one would never
// finish, hence the ceiling).
function finishTransitions(page: Page) {
  return page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

export interface CspViolation {
  where: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

// Records every Content-Security-Policy violation the context's pages and service workers
// report: `securitypolicyviolation` events (each page also keeps its own in
// window.__cspViolations) and Chromium's console errors about the policy. Call before opening
// pages; read `violations` after the journey (`settle()` first waits for pending reports).
export async function watchCspViolations(context: BrowserContext) {
  const violations: CspViolation[] = [];
  await context.exposeBinding('__reportCspViolation', ({ page }, violation: Omit<CspViolation, 'where'>) => {
    violations.push({ where: page?.url() ?? 'unknown', ...violation });
  });
  await context.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { __cspViolations: unknown[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      const violation = {
        directive: event.effectiveDirective || event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        sample: event.sample,
      };
      seen.push(violation);
      (window as unknown as { __reportCspViolation?: (v: unknown) => void }).__reportCspViolation?.(violation);
    });
  });
  const fromConsole = (where: string) => (message: { type(): string; text(): string }) => {
    if (/Content Security Policy|Refused to (load|connect|execute|apply|evaluate|frame|create)/i.test(message.text())) {
      violations.push({ where, directive: 'console', blocked: '', source: message.type(), sample: message.text() });
    }
  };
  context.on('console', (message) => fromConsole(message.page()?.url() ?? 'worker')(message));
  const watchWorker = (worker: {
    url(): string;
    on(event: 'console', listener: (m: { type(): string; text(): string }) => void): unknown;
  }) => worker.on('console', fromConsole(worker.url()));
  context.serviceWorkers().forEach(watchWorker);
  context.on('serviceworker', watchWorker);
  return {
    violations,
    // Reports arrive asynchronously; give the last ones a moment.
    settle: (ms = 300) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  };
}

// Until the service worker controls the page: from then on, its precache answers offline.
export async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
}

// Chromium leaves navigator.onLine true in a page whose document loaded after its context was set
// offline (the emulation misses the new renderer), and such a page can miss the 'offline' event.
// Said again on the page's own DevTools session, then the event a phone fires when its radio
// drops, the app learns it is offline as on a phone. Requests fail either way (the context is
// offline): this is only about what the app is told.
const offlineSessions = new WeakMap<Page, CDPSession>();
export async function tellPageOffline(page: Page) {
  if (await page.evaluate(() => navigator.onLine)) {
    const session = offlineSessions.get(page) ?? (await page.context().newCDPSession(page));
    offlineSessions.set(page, session);
    await session.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // The renderer learns it a moment later: an event sent before then would read onLine true.
    await page.waitForFunction(() => !navigator.onLine);
  }
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
}
