import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../tests/support/host-process.ts';
import { startApp } from './support/app-host.ts';
import {
  e2eAvailability,
  expectAccessible,
  launchChromium,
  newAppContext,
  tellPageOffline,
  waitForServiceWorkerControl,
} from './support/browser.ts';
import { createRideViaApi, expectToast, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

async function expectImagesLoaded(page: Page) {
  const images = page.locator('main img');
  expect(await images.count()).toBeGreaterThanOrEqual(2);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

describe.skipIf(!availability.run)('installable and offline at the border', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let context: BrowserContext;
  // A copy of the build (E2E_STATIC_DIR's, as every suite's), so the update test can publish a
  // "new version" of the service worker.
  const staticDir = mkdtempSync(join(tmpdir(), 'fc-dist-'));

  beforeAll(async () => {
    cpSync(process.env.E2E_STATIC_DIR ?? join(REPO_ROOT, 'dist'), staticDir, { recursive: true });
    app = await startApp({ STATIC_DIR: staticDir }, { database: 'pglite' });
    browser = await launchChromium();
    context = await newAppContext(browser, 'phone', app.url, { serviceWorkers: 'allow' });
  });
  afterEach(() => context?.setOffline(false));
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves a manifest with the fields and icons an install needs', async () => {
    const answer = await context.request.get('/manifest.webmanifest');
    expect(answer.ok()).toBe(true);
    const manifest = await answer.json();
    expect(manifest).toMatchObject({
      name: 'FC RideShare',
      short_name: 'FC RideShare',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f766e',
      background_color: '#ffffff',
    });
    expect(manifest.description).toMatch(/Singapore and Forest City/);
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>;
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of icons) expect((await context.request.get(icon.src)).headers()['content-type']).toBe('image/png');
    const page = await context.newPage();
    await page.goto('/home');
    await expect(page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).resolves.toBe(
      '/icons/apple-touch-icon-180.png',
    );
    expect((await context.request.get('/icons/apple-touch-icon-180.png')).ok()).toBe(true);
    await page.close();
  });

  it('keeps the guides, my rides and ride details readable in flight mode, and refuses changes clearly', async () => {
    const organiser = await browser.newContext({ baseURL: app.url });
    await registerViaApi(organiser, username('o'), { whatsappNumber: '+65 9000 1234' });
    const joinedRide = await createRideViaApi(organiser, { direction: 'FC->SG' });
    const otherRide = await createRideViaApi(organiser);
    await organiser.close();
    // More than one page of the home list (20): the second page must be kept as well. Three
    // organisers, since one may organise only so many upcoming rides at once.
    for (let index = 0; index < 3; index += 1) {
      const more = await browser.newContext({ baseURL: app.url });
      await registerViaApi(more, username('o'));
      for (let ride = 0; ride < 7; ride += 1) await createRideViaApi(more);
      await more.close();
    }
    const allRides = 23;

    const memberName = username('m');
    await registerViaApi(context, memberName, { name: 'Offline Olivia' });
    const joined = await context.request.post(`/api/rides/${joinedRide.id}/join`, {
      data: { dropoffLocation: 'Clementi MRT', passengerCount: 1 },
    });
    expect(joined.status()).toBe(201);

    // One online visit, scrolled to the end of the list.
    const page = await context.newPage();
    await page.goto('/home');
    await waitForServiceWorkerControl(page);
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return page.locator('article[id^="ride-"]').count();
        },
        { timeout: 15_000 },
      )
      .toBe(allRides);
    await page.getByRole('tab', { name: 'My Rides' }).click();
    await page.getByRole('heading', { name: 'Rides You Joined' }).waitFor();
    await page.goto(`/rides/${joinedRide.id}`);
    await page.getByRole('heading', { name: 'Forest City to Singapore' }).waitFor();
    await page.getByRole('tab', { name: 'Passengers' }).click();
    await page.getByText('Offline Olivia').waitFor();
    await page.goto(`/rides/${otherRide.id}`);
    await page.getByRole('button', { name: 'Join Ride' }).waitFor();
    await page.close();

    await context.setOffline(true);

    // Cold start of the guides: new pages, no network.
    const guide = await context.newPage();
    await guide.goto('/bus-guide');
    await guide.getByRole('heading', { name: 'Bus Guide', level: 1 }).waitFor();
    await guide.getByText('The bus departs only once an hour.').waitFor();
    await expectImagesLoaded(guide);
    await guide.goto('/guide');
    await guide.getByRole('heading', { name: 'Travel Guide', level: 1 }).waitFor();
    await guide
      .getByText(/6 months/)
      .first()
      .waitFor();
    await guide.close();

    const offline = await context.newPage();
    await offline.goto('/home');
    await tellPageOffline(offline);
    await offline.getByText(/Offline — showing what you saw at/).waitFor();
    // Every page read online, from the saved copy.
    await expect.poll(() => offline.locator('article[id^="ride-"]').count(), { timeout: 10_000 }).toBe(allRides);
    await offline.getByRole('tab', { name: 'My Rides' }).click();
    await offline.getByRole('heading', { name: 'Rides You Joined' }).waitFor();
    await offline.getByRole('link', { name: 'View Details' }).first().click();
    // The border pack: pickup time, drop-off order and contacts, from the last visit.
    await offline.getByRole('heading', { name: 'Forest City to Singapore' }).waitFor();
    await offline.getByText('Clementi MRT').first().waitFor();
    await offline.getByRole('tab', { name: 'Passengers' }).click();
    await offline.getByText('Offline Olivia').waitFor();

    await offline.goto(`/rides/${otherRide.id}`);
    await offline.getByLabel('Your pickup location in Singapore').fill('Tampines');
    await offline.getByRole('button', { name: 'Join Ride' }).click();
    await expectToast(offline, "You're offline — nothing was sent");

    await context.setOffline(false);
    const stillNotJoined = await context.request.get(`/api/rides/${otherRide.id}`);
    expect((await stillNotJoined.json()).currentPassengers).toBe(1);
    await offline.close();
  });

  // A release: the host serves a changed service worker (the precompressed copies it would prefer
  // go too), and the page looks for it as the hourly check does.
  async function publishNextRelease(page: Page, release: string) {
    const swPath = join(staticDir, 'sw.js');
    writeFileSync(swPath, `${readFileSync(swPath, 'utf8')}\n// ${release}\n`);
    rmSync(`${swPath}.br`, { force: true });
    rmSync(`${swPath}.gz`, { force: true });
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
  }

  async function expectReloadIntoNewVersion(page: Page) {
    await page.getByText('New version available').waitFor({ timeout: 20_000 });
    // Each button is named by what it shows (WCAG 2.5.3): a voice user says "Later".
    await expectAccessible(page, 'the update prompt', { experimental: ['label-content-name-mismatch'] });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByRole('heading', { name: 'Travel Guide', level: 1 }).waitFor();
    expect(await page.getByText('New version available').count()).toBe(0);
    const serviceWorker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { controlled: navigator.serviceWorker.controller !== null, waiting: registration?.waiting ?? null };
    });
    expect(serviceWorker).toEqual({ controlled: true, waiting: null });
  }

  it('offers "New version available — Reload" when a new service worker is waiting', async () => {
    const page = await context.newPage();
    await page.goto('/guide');
    await waitForServiceWorkerControl(page);
    await publishNextRelease(page, 'next release');
    await expectReloadIntoNewVersion(page);
  });

  it('reloads into the new version on the visit that installed the app', async () => {
    // Workbox reloads only a page that had a service worker when it registered; this one had none.
    const firstVisit = await newAppContext(browser, 'phone', app.url, { serviceWorkers: 'allow' });
    const page = await firstVisit.newPage();
    await page.goto('/guide');
    await waitForServiceWorkerControl(page);
    await publishNextRelease(page, 'the release after');
    await expectReloadIntoNewVersion(page);
    await firstVisit.close();
  });
});
