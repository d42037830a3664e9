// The Content-Security-Policy the Node host sends is one the PWA really passes: every screen,
// as a guest, a member and a vendor, the map with its tiles and geocoder, the forms, toasts
// and the service worker, with no violation reported by the page, its console or the worker.
// And the page cannot be framed by another site.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import {
  DEFAULT_GEOCODER,
  e2eAvailability,
  launchChromium,
  newAppContext,
  stubOutsideWorld,
  VIEWPORTS,
  waitForServiceWorkerControl,
  watchCspViolations,
} from './support/browser.ts';
import {
  createRideViaApi,
  expectPath,
  expectToast,
  PASSWORD,
  registerViaApi,
  username,
} from './support/journey-kit.ts';

const availability = e2eAvailability();

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { name, level: 1 }).first().waitFor({ timeout: 15_000 });
}

describe.skipIf(!availability.run)('Content-Security-Policy in Chromium', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
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

  async function watchedContext() {
    const context = await browser.newContext({
      baseURL: app.url,
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      locale: 'en-SG',
      timezoneId: 'Asia/Singapore',
    });
    contexts.push(context);
    const csp = await watchCspViolations(context);
    return { context, csp };
  }

  it('sends the policy with the page', async () => {
    const answer = await fetch(`${app.url}/home`);
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/nominatim\.openstreetmap\.org/);
  });

  it('reports no violation on any screen: guest, member, organiser, vendor, map, service worker', async () => {
    const { context, csp } = await watchedContext();
    const outside = await stubOutsideWorld(context);
    const page = await context.newPage();

    // A guest: the public screens, then registering through the form (zod, toasts).
    await page.goto('/home');
    await heading(page, 'Rides between Singapore and Forest City');
    await waitForServiceWorkerControl(page);
    await page.goto('/guide');
    await heading(page, 'Travel Guide');
    await page.goto('/bus-guide');
    await heading(page, 'Bus Guide');
    await expect
      .poll(() =>
        page
          .locator('main img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.goto('/auth');
    await heading(page, 'Welcome to FC RideShare');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Register' }).click();
    await page
      .getByText(/required/i)
      .first()
      .waitFor();
    await page.getByLabel('Discord username', { exact: true }).fill(username('csp'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/I have read and accept/).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expectPath(page, /^\/home$/);

    // A member: create a ride through the form, its detail page, the edit page.
    await page.goto('/rides/create');
    await heading(page, 'Create a New Ride');
    await page.getByRole('button', { name: 'Create Ride' }).click();
    await page
      .getByText(/required|at least|must/i)
      .first()
      .waitFor();
    await page.goto('/profile');
    await heading(page, 'Profile');
    await page.goto('/vendor');
    await heading(page, 'Vendor Dashboard');
    await page.goto('/no-such-screen');
    await heading(page, '404 Page Not Found');

    // Another member's ride: its detail page and the join page with the map, the tiles and the
    // geocoder (stubbed, but under the same policy as the real hosts).
    const organiser = await newAppContext(browser, 'phone', app.url, { serviceWorkers: 'allow' });
    contexts.push(organiser);
    await registerViaApi(organiser, username('cspo'));
    const ride = await createRideViaApi(organiser, { direction: 'SG->FC' });
    await page.goto(`/rides/${ride.id}`);
    await heading(page, 'Singapore to Forest City');
    await page.goto(`/rides/${ride.id}/join`);
    await heading(page, 'Join Ride');
    await page.locator('.leaflet-container').waitFor();
    await expect.poll(() => outside.tiles).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.leaflet-tile-loaded').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByLabel('Search the map').pressSequentially('Tampines', { delay: 30 });
    await page.getByRole('button', { name: DEFAULT_GEOCODER.search[0].display_name }).click();
    await page.locator('.leaflet-marker-icon').waitFor();
    await page.locator('.leaflet-container').click({ position: { x: 120, y: 140 } });
    await expect.poll(() => outside.reverse.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Join Ride' }).click();
    await expectToast(page, 'You have joined the ride');

    // The organiser's own screens: detail with passengers, edit.
    const organiserCsp = await watchCspViolations(organiser);
    const organiserPage = await organiser.newPage();
    await organiserPage.goto(`/rides/edit/${ride.id}`);
    await heading(organiserPage, 'Edit Ride');
    await organiserPage.close();

    // The same screens again from the service worker's cache (a reload it answers).
    await page.goto(`/rides/${ride.id}`);
    await heading(page, 'Singapore to Forest City');
    await page.getByRole('tab', { name: 'Passengers' }).click();
    await page.reload();
    // The tab is in the URL (?tab=passengers): the reload opens on it.
    await expect
      .poll(() => page.getByRole('tab', { name: 'Passengers' }).getAttribute('aria-selected'), { timeout: 15_000 })
      .toBe('true');
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // A vendor's dashboard.
    const vendor = await watchedContext();
    await registerViaApi(vendor.context, username('cspv'), {
      isVendor: true,
      companyName: 'Johor Cars Sdn Bhd',
      driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
    });
    const vendorPage = await vendor.context.newPage();
    await vendorPage.goto('/vendor');
    await heading(vendorPage, 'Vendor Dashboard');

    await csp.settle();
    const inPage = await page.evaluate(() => (window as unknown as { __cspViolations: unknown[] }).__cspViolations);
    expect(inPage).toEqual([]);
    expect(csp.violations).toEqual([]);
    expect(vendor.csp.violations).toEqual([]);
    expect(organiserCsp.violations).toEqual([]);
  });

  it('cannot be framed by another site', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const framer = 'http://framer.example';
    // Another site's page with two frames: one of its own (framing works) and the app.
    await context.route(`${framer}/**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body:
          new URL(route.request().url()).pathname === '/inner'
            ? '<!doctype html><title>inner</title><p id="inner">framed fine</p>'
            : `<!doctype html><title>framer</title><iframe src="${framer}/inner"></iframe><iframe src="${app.url}/home"></iframe>`,
      }),
    );
    const page = await context.newPage();
    await page.goto(`${framer}/`);
    const frames = () => page.frames().filter((frame) => frame !== page.mainFrame());
    // Chromium shows its error page in place of a frame its ancestors may not hold.
    await expect
      .poll(
        () =>
          frames()
            .map((frame) => frame.url())
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(['chrome-error://chromewebdata/', `${framer}/inner`]);
    const inner = frames().find((frame) => frame.url() === `${framer}/inner`)!;
    expect(await inner.locator('#inner').textContent()).toBe('framed fine');
    const refused = frames().find((frame) => frame.url().startsWith('chrome-error:'))!;
    expect(await refused.locator('#root').count()).toBe(0);
  });
});
