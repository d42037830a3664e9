// The PWA on one origin and the api on another, the way hosted Supabase runs it: the PWA is
// built with VITE_API_URL=http://localhost:<gateway>/functions/v1 and served by a plain static
// host on 127.0.0.1 (another site), the `api` Edge Function runs under real Deno with
// SESSION_TRANSPORT=bearer and ALLOWED_ORIGINS=<the PWA's origin>, behind a gateway proxy that
// maps /functions/v1/api/* to the function's /api/* and strips Set-Cookie (as Supabase's does).
// In Chromium: register, log in, create a ride, a second member joins, logout; no cookie is
// ever set and every api call carries Authorization. Then the same journey same-origin on the
// Node host with its HttpOnly cookie and no Authorization at all.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrate } from '../server/migrate.ts';
import { connectPostgres } from '../supabase/functions/api/lib/postgres-database.ts';
import { killAllDenoFunctions, type RunningFunction, startDenoFunction } from '../tests/support/deno-function.ts';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../tests/support/empty-postgres-database.ts';
import { startStripCookieProxy, type StripCookieProxy } from '../tests/support/strip-cookie-proxy.ts';
import { startApp } from './support/app-host.ts';
import { e2eAvailability, launchChromium, newAppContext, VIEWPORTS } from './support/browser.ts';
import {
  expectPath,
  expectToast,
  openNavigation,
  PASSWORD,
  singaporeInputValue,
  username,
} from './support/journey-kit.ts';
import { buildPwa, removeBuild, serveStatic, type StaticSite } from './support/static-site.ts';

const SESSION_TOKEN_KEY = 'fc-rideshare:session-token';
// The api's device token (ADR 0018): it outlives the tab on purpose and opens nothing by itself.
const DEVICE_TOKEN_KEY = 'fc-rideshare:device-token';
// Every host name but the two loopback ones fails to resolve: nothing leaves the machine.
const OFFLINE_EXCEPT_LOOPBACK = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';
// The first Deno run may fetch the function's npm packages into its cache.
const DENO_FIRST_START_MS = 300_000;

const browserCheck = e2eAvailability();
const serverUrl = process.env.TEST_DATABASE_URL;
if (browserCheck.run && !serverUrl) {
  const reason =
    'SKIPPED: cross-origin journey needs TEST_DATABASE_URL (a PostgreSQL server for the Deno function; .ci/run sets it)';
  if (process.env.E2E_REQUIRED) throw new Error(`E2E_REQUIRED is set but ${reason}`);
  console.warn(reason);
}

// Every request the pages of a context make to the api, in the order they were made, with
// the headers Chromium really sent (filled in once Chromium reports them).
interface SeenCall {
  method: string;
  url: string;
  path: string;
  authorization?: string;
  cookie?: string;
  // How many calls had been made when this call's answer arrived: a call made before a login's
  // or logout's answer (a list refreshing as the member taps) may still go with the old state.
  answeredAfter?: number;
}

interface CallLog {
  calls: SeenCall[];
  settled(): Promise<void>;
}

function watchApiCalls(context: BrowserContext, apiPrefix: string): CallLog {
  const calls: SeenCall[] = [];
  const pending: Promise<void>[] = [];
  context.on('request', (request: Request) => {
    if (!request.url().startsWith(apiPrefix) || request.method() === 'OPTIONS') return;
    const call: SeenCall = { method: request.method(), url: request.url(), path: new URL(request.url()).pathname };
    calls.push(call);
    pending.push(
      request
        .response()
        .catch(() => null)
        .then(() => {
          call.answeredAfter = calls.length;
        }),
    );
    pending.push(
      request
        .allHeaders()
        .then((headers) => {
          call.authorization = headers.authorization;
          call.cookie = headers.cookie;
        })
        // A call still on its way when the test ends and closes its page (a late refetch, after
        // the checks read `calls`) has no headers left to read: not a rejection nobody handles.
        .catch(() => undefined),
    );
  });
  return { calls, settled: async () => void (await Promise.all(pending)) };
}

// Walks one member's calls: from a login/register until the logout, every call must carry the
// session (`carries`); outside that window none may. A call made while a login or logout was on
// its way may go either way: the session changes with that call's answer. Returns what broke the rule.
function sessionViolations(calls: SeenCall[], carries: (call: SeenCall) => boolean): string[] {
  const problems: string[] = [];
  let signedIn = false;
  let changeInFlightUntil = 0;
  for (const [index, call] of calls.entries()) {
    const what = `${call.method} ${call.path}`;
    const signsIn = /\/api\/(login|register)$/.test(call.path);
    const signsOut = /\/api\/logout$/.test(call.path);
    if (!signsIn && index >= changeInFlightUntil && carries(call) !== signedIn)
      problems.push(`${what}: ${signedIn ? 'no session sent' : 'session sent while signed out'}`);
    if (signsIn || signsOut) {
      signedIn = signsIn;
      changeInFlightUntil = call.answeredAfter ?? index + 1;
    }
  }
  return problems;
}

async function registerThroughForm(page: Page, name: string, fullName: string) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Discord username', { exact: true }).fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Full name (optional)').fill(fullName);
  await page.getByLabel(/I have read and accept/).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expectPath(page, /^\/home$/);
  await page.getByRole('link', { name: 'Create New Ride' }).waitFor();
}

async function logout(page: Page) {
  await openNavigation(page);
  await page.getByRole('button', { name: 'Logout' }).first().click();
  // Done when the app shows nobody signed in (the menu closes then too); the path alone may
  // already be /home before the logout answers.
  await expect
    .poll(() => page.getByRole('button', { name: 'Logout', includeHidden: true }).count(), { timeout: 10_000 })
    .toBe(0);
  await expectPath(page, /^\/home$/);
  await expectSignedOut(page);
}

// The navigation offers Login (on a phone, behind the menu button, which a closing menu may
// still hide for a moment).
async function expectSignedOut(page: Page) {
  await expect
    .poll(
      async () => {
        if (await page.getByRole('link', { name: 'Login' }).first().isVisible()) return true;
        const toggle = page.getByRole('button', { name: 'Open menu' });
        if (await toggle.isVisible()) await toggle.click();
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function loginThroughForm(page: Page, name: string) {
  await page.goto('/auth');
  const field = page.getByLabel('Discord username', { exact: true });
  // Right after a logout, a fresh page load may restore the offline query cache from before it
  // (saved at most once a second) and be sent home as a member until the session check
  // answers "nobody": then come back to /auth.
  for (let attempt = 0; attempt < 3 && !(await field.isVisible()); attempt += 1) {
    await field.waitFor({ timeout: 5_000 }).catch(() => page.goto('/auth'));
  }
  await field.fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectPath(page, /^\/home$/);
  await page.getByRole('link', { name: 'Create New Ride' }).waitFor();
}

async function createRideThroughForm(page: Page): Promise<number> {
  await page.goto('/rides/create');
  await page.getByRole('heading', { name: 'Create a New Ride' }).waitFor();
  await page.getByLabel('Maximum total passengers').fill('4');
  await page.getByLabel('Date and time (Singapore time)').fill(singaporeInputValue(3));
  await page.getByLabel('Number of passengers at your location').fill('1');
  await page.getByLabel('Your Pickup Location in Singapore').fill('Pasir Ris MRT Exit A');
  await page.getByRole('button', { name: 'Create Ride' }).click();
  await expectToast(page, 'Ride created successfully');
  await expectPath(page, /^\/rides\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

async function joinThroughForm(page: Page, rideId: number) {
  await page.goto(`/rides/${rideId}`);
  await page.getByLabel('Number of passengers (including you)').fill('2');
  await page.getByLabel('Your pickup location in Singapore').fill('Tampines MRT');
  await page.getByRole('button', { name: 'Join Ride' }).click();
  await expectToast(page, 'Successfully joined the ride');
  await page.getByText('3 / 4 passengers').waitFor();
}

// A phone-sized context like newAppContext's, but without routes (see launch above).
async function plainPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS.phone,
    isMobile: true,
    hasTouch: true,
    locale: 'en-SG',
    timezoneId: 'Asia/Singapore',
  });
  // E2E_DEBUG=1 prints what the pages log and fetch, for a journey that times out.
  if (process.env.E2E_DEBUG) {
    context.on('console', (message) => console.log(`[console] ${message.type()} ${message.text()}`));
    context.on('requestfailed', (request) =>
      console.log(`[failed] ${request.method()} ${request.url()} ${request.failure()?.errorText}`),
    );
    context.on('response', (response) =>
      console.log(`[response] ${response.request().method()} ${response.url()} ${response.status()}`),
    );
  }
  return context;
}

interface JourneyResult {
  organiser: BrowserContext;
  member: BrowserContext;
  organiserPage: Page;
  memberPage: Page;
  organiserCalls: SeenCall[];
  memberCalls: SeenCall[];
  tokenBeforeLogout: string | null;
}

// register -> logout -> log in -> create ride -> second member registers and joins ->
// organiser sees them -> organiser logs out.
async function rideJourney(newContext: () => Promise<BrowserContext>, apiPrefix: string): Promise<JourneyResult> {
  const organiser = await newContext();
  const member = await newContext();
  const organiserLog = watchApiCalls(organiser, apiPrefix);
  const memberLog = watchApiCalls(member, apiPrefix);

  const organiserName = username('xo');
  const organiserPage = await organiser.newPage();
  await registerThroughForm(organiserPage, organiserName, 'Olivia Organiser');
  // A reload keeps the session (cookie, or the token in this tab's sessionStorage).
  await organiserPage.reload();
  await organiserPage.getByRole('link', { name: 'Create New Ride' }).waitFor();
  await logout(organiserPage);
  await loginThroughForm(organiserPage, organiserName);
  const rideId = await createRideThroughForm(organiserPage);

  const memberPage = await member.newPage();
  await registerThroughForm(memberPage, username('xm'), 'Bala Kumar');
  await joinThroughForm(memberPage, rideId);

  await organiserPage.goto(`/rides/${rideId}`);
  await organiserPage.getByRole('tab', { name: 'Passengers' }).click();
  await organiserPage
    .getByRole('list', { name: 'Passengers' })
    .getByText('Bala Kumar', { exact: true })
    .first()
    .waitFor();

  const tokenBeforeLogout = await organiserPage.evaluate((key) => sessionStorage.getItem(key), SESSION_TOKEN_KEY);
  await logout(organiserPage);
  // Logged out stays logged out after a reload.
  await organiserPage.reload();
  await expectSignedOut(organiserPage);
  await organiserLog.settled();
  await memberLog.settled();
  return {
    organiser,
    member,
    organiserPage,
    memberPage,
    organiserCalls: organiserLog.calls,
    memberCalls: memberLog.calls,
    tokenBeforeLogout,
  };
}

describe.skipIf(!browserCheck.run || !serverUrl)(
  'cross-origin PWA + Deno api function with bearer sessions (Chromium)',
  () => {
    let database: EmptyPostgresDatabase;
    let fn: RunningFunction;
    let gateway: StripCookieProxy;
    let site: StaticSite;
    let outDir = '';
    let browser: Browser;
    let apiBase: string;
    // The same gateway for Node's fetch, which may try ::1 for "localhost" where nothing listens.
    const gatewayBase = () => `${gateway.url}/functions/v1`;

    beforeAll(async () => {
      database = await createEmptyPostgresDatabase(serverUrl!, 'fc_xorigin');
      const handle = connectPostgres(database.url, { max: 2 });
      try {
        await migrate(handle);
      } finally {
        await handle.close();
      }
      // The PWA's origin must be known before the function starts (ALLOWED_ORIGINS), and the
      // gateway's before the build (VITE_API_URL): the static host listens first, serves later.
      site = await serveStatic(null);
      const pwaOrigin = site.url;
      fn = await startDenoFunction(
        { SUPABASE_DB_URL: database.url, SESSION_TRANSPORT: 'bearer', ALLOWED_ORIGINS: pwaOrigin },
        DENO_FIRST_START_MS,
      );
      gateway = await startStripCookieProxy(fn.url, { stripPrefix: '/functions/v1' });
      // "localhost" here and "127.0.0.1" for the PWA: two sites, as <project>.supabase.co and
      // the static host are.
      apiBase = `http://localhost:${gateway.port}/functions/v1`;
      const build = buildPwa({ VITE_API_URL: apiBase });
      outDir = build.outDir;
      site.setRoot(outDir);
      console.log(
        `cross-origin: PWA ${site.url} (built in ${Math.round(build.elapsedMs)} ms), api ${apiBase} -> Deno ${fn.url} ` +
          `(started in ${Math.round(fn.startedInMs)} ms)`,
      );
      // No request interception here: Playwright would answer CORS preflights itself. The
      // outside world (map tiles, geocoder) is cut off by name resolution instead.
      browser = await launchChromium([OFFLINE_EXCEPT_LOOPBACK]);
    }, DENO_FIRST_START_MS + 120_000);

    afterAll(async () => {
      await browser?.close();
      await site?.close();
      await gateway?.close();
      if (fn) await fn.stop().catch(() => killAllDenoFunctions());
      if (outDir) removeBuild(outDir);
      await database?.drop();
    });

    it('register, log in, create a ride, a second member joins, logout: Authorization on every call, no cookie', async () => {
      const gatewayStart = gateway.requests.length;
      const journey = await rideJourney(() => plainPhoneContext(browser, site.url), `${apiBase}/api/`);

      // The server handed out tokens (the function set cookies too; the gateway dropped them).
      expect(journey.tokenBeforeLogout).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(gateway.strippedCount()).toBeGreaterThan(0);

      // No cookie anywhere: not for the api's site, not for the PWA's.
      for (const context of [journey.organiser, journey.member]) {
        expect(await context.cookies()).toEqual([]);
        expect(await context.cookies([apiBase, site.url])).toEqual([]);
      }

      // Chromium's view: from login/register to logout every call carried the bearer token,
      // before and after none did, and no call ever carried a cookie.
      const bearer = (call: SeenCall) => /^Bearer [A-Za-z0-9_-]{40,}$/.test(call.authorization ?? '');
      expect(sessionViolations(journey.organiserCalls, bearer)).toEqual([]);
      expect(sessionViolations(journey.memberCalls, bearer)).toEqual([]);
      const calls = [...journey.organiserCalls, ...journey.memberCalls];
      expect(calls.filter(bearer).length).toBeGreaterThan(6);
      expect(new Set(calls.filter(bearer).map((call) => call.method))).toEqual(new Set(['GET', 'POST']));
      for (const call of calls) expect(call.cookie, call.url).toBeUndefined();
      // The gateway's view, which also covers calls Chromium made before a page listened.
      const forwarded = gateway.requests.slice(gatewayStart).filter((request) => request.method !== 'OPTIONS');
      expect(forwarded.every((request) => request.cookie === null)).toBe(true);
      expect(forwarded.every((request) => request.origin === site.url)).toBe(true);
      const authorised = forwarded.filter((request) => request.authorization);
      expect(authorised.every((request) => /^Bearer [A-Za-z0-9_-]{40,}$/.test(request.authorization!))).toBe(true);
      for (const path of ['/api/rides', '/api/rides/', '/api/logout']) {
        expect(
          authorised.some((request) => request.path.startsWith(path)),
          path,
        ).toBe(true);
      }
      const joins = forwarded.filter((request) => /^\/api\/rides\/\d+\/join$/.test(request.path));
      expect(joins).toHaveLength(1);
      expect(joins[0]).toMatchObject({ status: 201, authorization: expect.stringMatching(/^Bearer /) });
      // Chromium asked the function itself before each credentialed call with Authorization
      // (no interception answered for it), and the function said yes to our origin.
      const preflights = gateway.requests.slice(gatewayStart).filter((request) => request.method === 'OPTIONS');
      expect(preflights.length).toBeGreaterThan(0);
      for (const preflight of preflights) expect(preflight).toMatchObject({ origin: site.url, status: 204 });

      // Logout dropped the token from the tab, and the server ended that session.
      const page = journey.organiserPage;
      expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_TOKEN_KEY)).toBeNull();
      // localStorage keeps nothing of the session: at most the mark that a saved copy of the
      // query cache exists (src/lib/query-persister.ts) and the device token, never the session's.
      const stored = await page.evaluate(() => Object.entries(localStorage));
      expect(
        stored
          .map(([key]) => key)
          .filter((key) => key !== 'fc-rideshare-query-cache-saved' && key !== DEVICE_TOKEN_KEY),
      ).toEqual([]);
      const deviceToken = stored.find(([key]) => key === DEVICE_TOKEN_KEY)?.[1];
      expect(deviceToken, 'the bearer login handed this browser a device token').toMatch(/\S/);
      expect(deviceToken).not.toBe(journey.tokenBeforeLogout);
      expect(stored.some(([, value]) => value.includes(journey.tokenBeforeLogout!))).toBe(false);
      const reuse = await fetch(`${gatewayBase()}/api/auth/me`, {
        headers: { authorization: `Bearer ${journey.tokenBeforeLogout}` },
      });
      expect(reuse.status).toBe(401);
      // The member (other context) is still signed in with their own token.
      const memberToken = await journey.memberPage.evaluate((key) => sessionStorage.getItem(key), SESSION_TOKEN_KEY);
      const me = await fetch(`${gatewayBase()}/api/auth/me`, { headers: { authorization: `Bearer ${memberToken}` } });
      expect(me.status).toBe(200);

      await journey.organiser.close();
      await journey.member.close();
    });

    it("hands a static host's edge middleware a shared ride link's page, the site's shell with the ride's card", async () => {
      const rides = (await (await fetch(`${gatewayBase()}/api/rides`)).json()) as Array<{ id: number }>;
      const rideId = rides[0]!.id;
      const answer = await fetch(
        `${gatewayBase()}/api/shared-links/rides/${rideId}?site=${encodeURIComponent(site.url)}`,
      );
      expect(answer.status).toBe(200);
      const { html } = (await answer.json()) as { html: string };
      expect(html).toContain(`<meta property="og:url" content="${site.url}/rides/${rideId}" />`);
      expect(html).toContain('<script type="application/json" id="ride-data">');
      expect(html).toContain('<div id="root">');
      const foreign = await fetch(`${gatewayBase()}/api/shared-links/rides/${rideId}?site=http%3A%2F%2Fevil.example`);
      expect(foreign.status).toBe(400);
    });

    it('refuses an origin that is not allowed (no CORS grant, state changes refused)', async () => {
      const preflight = await fetch(`${gatewayBase()}/api/rides`, {
        method: 'OPTIONS',
        headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const post = await fetch(`${gatewayBase()}/api/login`, {
        method: 'POST',
        headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ discordUsername: 'x', password: 'y' }),
      });
      expect(post.status).toBe(403);
      const allowed = await fetch(`${gatewayBase()}/api/rides`, {
        method: 'OPTIONS',
        headers: {
          origin: site.url,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe(site.url);
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    });
  },
);

describe.skipIf(!browserCheck.run)('same-origin PWA + api on the Node host with cookie sessions (Chromium)', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the same journey with an HttpOnly session cookie and no Authorization header', async () => {
    const journey = await rideJourney(
      () => newAppContext(browser, 'phone', app.url, { serviceWorkers: 'allow' }),
      `${app.url}/api/`,
    );

    expect(journey.tokenBeforeLogout).toBeNull();
    const memberSession = (await journey.member.cookies()).filter((cookie) => cookie.name === 'fc_session');
    expect(memberSession).toEqual([
      expect.objectContaining({ name: 'fc_session', httpOnly: true, sameSite: 'Lax', domain: '127.0.0.1' }),
    ]);
    // The organiser logged out: the cookie is gone.
    expect((await journey.organiser.cookies()).filter((cookie) => cookie.name === 'fc_session')).toEqual([]);

    const cookie = (call: SeenCall) => /(^|;\s*)fc_session=/.test(call.cookie ?? '');
    expect(sessionViolations(journey.organiserCalls, cookie)).toEqual([]);
    expect(sessionViolations(journey.memberCalls, cookie)).toEqual([]);
    const calls = [...journey.organiserCalls, ...journey.memberCalls];
    expect(calls.filter(cookie).length).toBeGreaterThan(6);
    for (const call of calls) expect(call.authorization, call.url).toBeUndefined();
    for (const page of [journey.organiserPage, journey.memberPage]) {
      expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_TOKEN_KEY)).toBeNull();
    }

    await journey.organiser.close();
    await journey.member.close();
  });
});
