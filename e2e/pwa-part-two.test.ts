import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import {
  DEFAULT_GEOCODER,
  e2eAvailability,
  expectAccessible,
  launchChromium,
  newAppContext,
  stubOutsideWorld,
} from './support/browser.ts';
import {
  createRideViaApi,
  expectPath,
  expectToast,
  loginViaApi,
  registerViaApi,
  username,
} from './support/journey-kit.ts';
import { approveVendorViaApi } from './support/vendor-kit.ts';

const availability = e2eAvailability();

async function sequenceNames(page: Page, rideId: number): Promise<string[]> {
  const items = page.getByTestId(`sequence-list-${rideId}`).locator('li');
  return items.evaluateAll((nodes) => nodes.map((node) => node.querySelector('p')?.textContent?.trim() ?? ''));
}

// A drop that must do nothing leaves nothing to wait for. So: a request the page sends after
// the drop has been answered, and any request the drop itself made was seen before that one.
async function pageRequestsSeen(page: Page) {
  const status = await page.evaluate(() => fetch('/api/health').then((response) => response.status));
  expect(status).toBe(200);
}

// Picks up the stop at `from` by its handle, carries it over the first stop (where SortableJS
// shows it first) and lets go above the list.
async function dragOverFirstThenOutside(page: Page, rideId: number, from: number) {
  const list = page.getByTestId(`sequence-list-${rideId}`);
  const handle = async (index: number) => (await list.locator('li').nth(index).locator('.drag-handle').boundingBox())!;
  const start = await handle(from);
  const first = await handle(0);
  const dragged = await list.locator('li').nth(from).locator('p').first().textContent();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 5, start.y + start.height / 2 + 5, { steps: 5 });
  await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2, { steps: 10 });
  // Hover over the top of the first stop until SortableJS shows the dragged one there. It skips
  // drag events while its 150 ms animation runs, and a browser, unlike Playwright, keeps firing
  // them while the pointer rests: so wiggle by a pixel.
  let wiggle = 0;
  await expect
    .poll(async () => {
      wiggle = 1 - wiggle;
      await page.mouse.move(first.x + first.width / 2 + wiggle, first.y + 4, { steps: 2 });
      return list.locator('li').first().locator('p').first().textContent();
    })
    .toBe(dragged);
  const listBox = (await list.boundingBox())!;
  await page.mouse.move(listBox.x + 10, listBox.y - 60, { steps: 10 });
  await page.mouse.up();
}

describe.skipIf(!availability.run)('join page, drop-off sequence, vendor dashboard and guides in Chromium', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp({}, { database: 'pglite' });
    browser = await launchChromium();
    // The admin is user 1 named ADMIN_USERNAME: it approves the vendor below.
    const setup = await browser.newContext({ baseURL: app.url });
    await registerViaApi(setup, 'admin');
    await setup.close();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function phone() {
    const context = await newAppContext(browser, 'phone', app.url, { serviceWorkers: 'allow' });
    contexts.push(context);
    return context;
  }

  it('joins from the join page by searching the map', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'));
    const ride = await createRideViaApi(organiser, { direction: 'SG->FC' });

    const member = await browser.newContext({
      baseURL: app.url,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    contexts.push(member);
    const calls = await stubOutsideWorld(member);
    await registerViaApi(member, username('s'));
    const page = await member.newPage();
    await page.goto(`/rides/${ride.id}/join`);
    await page.getByText('Bring your passport').waitFor();
    await page.getByRole('button', { name: 'Dismiss passport reminder' }).click();
    expect(await page.getByText('Bring your passport').count()).toBe(0);
    await page.locator('.leaflet-container').waitFor();
    await expectAccessible(page, 'join page');

    await page.getByLabel('Search the map').pressSequentially('Tampines', { delay: 30 });
    await page.getByRole('button', { name: DEFAULT_GEOCODER.search[0].display_name }).click();
    await expect(page.getByLabel('Your pickup location in Singapore').inputValue()).resolves.toBe(
      DEFAULT_GEOCODER.search[0].display_name,
    );
    // Typing eight letters sent one debounced search, not one per key.
    expect(calls.search).toEqual(['Tampines']);
    await page.locator('.leaflet-marker-icon').waitFor();

    await page.getByRole('button', { name: 'Join Ride' }).click();
    await expectToast(page, 'You have joined the ride');
    await expectPath(page, /^\/home$/);
  });

  it('joins by picking a spot on the map, and still joins with the map unavailable', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'));
    const ride = await createRideViaApi(organiser, { direction: 'FC->SG' });

    const member = await phone();
    await registerViaApi(member, username('k'));
    const page = await member.newPage();
    await page.goto(`/rides/${ride.id}/join`);
    await page.getByText('The organizer sets the drop-off sequence').waitFor();
    const map = page.locator('.leaflet-container');
    await map.waitFor();
    await map.click({ position: { x: 120, y: 140 } });
    await expect
      .poll(() => page.getByLabel('Your drop-off location in Singapore').inputValue())
      .toBe(DEFAULT_GEOCODER.reverseName);
    await page.getByRole('button', { name: 'Join Ride' }).click();
    await expectToast(page, 'You have joined the ride');

    // No network for the map: a clear state, and the text field alone still joins.
    const offline = await browser.newContext({ baseURL: app.url, viewport: { width: 375, height: 812 } });
    contexts.push(offline);
    await offline.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.abort('internetdisconnected'),
    );
    await registerViaApi(offline, username('n'));
    const offlinePage = await offline.newPage();
    await offlinePage.goto(`/rides/${ride.id}/join`);
    await offlinePage.getByText(/Map unavailable/).waitFor();
    await offlinePage.getByLabel('Your drop-off location in Singapore').fill('Jurong East MRT');
    await offlinePage.getByRole('button', { name: 'Join Ride' }).click();
    await expectToast(offlinePage, 'You have joined the ride');
  });

  it('lets the organiser drag passengers into a new order, keep it, and lock it', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'));
    const ride = await createRideViaApi(organiser, { direction: 'FC->SG', maxPassengers: 6 });
    for (const [name, stop] of [
      ['Ann', 'Bedok'],
      ['Ben', 'Clementi'],
      ['Cat', 'Yishun'],
    ]) {
      const member = await browser.newContext({ baseURL: app.url });
      await registerViaApi(member, username(name.toLowerCase()), { name });
      const answer = await member.request.post(`/api/rides/${ride.id}/join`, {
        data: { dropoffLocation: stop, passengerCount: 1 },
      });
      expect(answer.status()).toBe(201);
      await member.close();
    }

    const page = await organiser.newPage();
    await page.goto('/home');
    await page.getByRole('tab', { name: 'My Rides' }).click();
    await page.getByRole('heading', { name: 'Manage Drop-off Sequence' }).waitFor();
    await page.getByRole('heading', { name: 'Drop-off Sequence', exact: true }).waitFor();
    await expect.poll(() => sequenceNames(page, ride.id)).toEqual(['Ann', 'Ben', 'Cat']);
    await expectAccessible(page, 'my rides with sequence');

    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(new URL(request.url()).pathname);
    });

    const list = page.getByTestId(`sequence-list-${ride.id}`);
    await list.locator('li').nth(2).locator('.drag-handle').dragTo(list.locator('li').nth(0).locator('.drag-handle'));
    await expectToast(page, 'Passenger sequence updated');
    expect(patches).toHaveLength(1);
    await expect.poll(() => sequenceNames(page, ride.id)).toEqual(['Cat', 'Ann', 'Ben']);

    // Keyboard users have buttons.
    const answered = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Move Ben up' }).click();
    await expect.poll(() => sequenceNames(page, ride.id)).toEqual(['Cat', 'Ben', 'Ann']);
    await answered;
    expect(patches).toHaveLength(2);
    // Dragging is off while a move is on its way: wait until the arrows are back.
    await expect.poll(() => page.getByRole('button', { name: 'Move Ann up' }).isEnabled()).toBe(true);

    // Carried over Cat, then dropped above the list: nothing moves and nothing is sent (SPEC §4).
    await dragOverFirstThenOutside(page, ride.id, 2);
    await pageRequestsSeen(page);
    expect(patches).toHaveLength(2);
    expect(await sequenceNames(page, ride.id)).toEqual(['Cat', 'Ben', 'Ann']);

    await page.reload();
    await page.getByRole('tab', { name: 'My Rides' }).click();
    await expect.poll(() => sequenceNames(page, ride.id)).toEqual(['Cat', 'Ben', 'Ann']);

    await page.getByRole('button', { name: 'Lock Sequence' }).click();
    await page
      .getByRole('dialog', { name: 'Lock the drop-off order?' })
      .getByRole('button', { name: 'Lock', exact: true })
      .click();
    await expectToast(page, 'Sequence locked successfully');
    expect(await page.getByRole('button', { name: 'Lock Sequence' }).count()).toBe(0);

    const patchesBeforeLockedDrag = patches.length;
    await list.locator('li').nth(2).locator('.drag-handle').dragTo(list.locator('li').nth(0).locator('.drag-handle'));
    await pageRequestsSeen(page);
    expect(patches).toHaveLength(patchesBeforeLockedDrag);
    expect(await sequenceNames(page, ride.id)).toEqual(['Cat', 'Ben', 'Ann']);
    expect(await page.getByRole('button', { name: /Move .* up/ }).count()).toBe(0);

    // The passengers tab shows the locked stop numbers.
    await page.goto(`/rides/${ride.id}`);
    await page.getByRole('tab', { name: 'Passengers' }).click();
    await page.getByText('Stop #1').waitFor();
    const stops = await page
      .locator('li', { hasText: 'Stop #' })
      .evaluateAll((nodes) => nodes.map((node) => node.querySelector('p')?.textContent?.trim()));
    expect(stops).toEqual(['Cat', 'Ben', 'Ann']);
  });

  it('lets a vendor assign an open ride, which moves from Available Rides to My Rides', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'));
    const ride = await createRideViaApi(organiser);

    const vendor = await phone();
    const vendorUser = await registerViaApi(vendor, username('v'), {
      isVendor: true,
      companyName: 'Straits Transport',
      driverDetails: { name: 'Raju', contact: '+60 12 000 1111', carNumber: 'JJX 8888' },
    });
    const admin = await phone();
    await loginViaApi(admin, 'admin');
    await approveVendorViaApi(admin, vendorUser.id);
    const page = await vendor.newPage();
    await page.goto(`/vendor?rideId=${ride.id}`);
    await page.getByText('Straits Transport').waitFor();
    const card = page.locator(`#ride-${ride.id}`);
    await card.waitFor();
    await expect(card.getAttribute('class')).resolves.toContain('ring-primary');
    await expectAccessible(page, 'vendor dashboard');
    await card.getByRole('button', { name: 'Assign to me' }).click();
    await expectToast(page, 'Ride assigned successfully');
    await card.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'My Rides' }).click();
    await page.locator(`#ride-${ride.id}`).waitFor();

    const member = await phone();
    await registerViaApi(member, username('m'));
    const memberPage = await member.newPage();
    await memberPage.goto('/vendor');
    await memberPage.getByText(/vendor dashboard is for registered drivers/).waitFor();
  });

  it('shows both guides with their images at phone size', async () => {
    const visitor = await phone();
    const page = await visitor.newPage();
    await page.goto('/guide');
    await page.getByRole('heading', { name: 'Travel Guide', level: 1 }).waitFor();
    await page
      .getByText(/6 months/)
      .first()
      .waitFor();
    await page
      .getByText(/45.60 minutes/)
      .first()
      .waitFor();
    await expectAccessible(page, 'guide');
    await page.getByRole('tab', { name: 'Public Bus Options' }).click();
    await expectAccessible(page, 'guide bus tab');

    await page.goto('/bus-guide');
    await page.getByRole('heading', { name: 'Bus Guide', level: 1 }).waitFor();
    const images = page.locator('main img');
    expect(await images.count()).toBeGreaterThanOrEqual(2);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await expect(image.getAttribute('alt')).resolves.toMatch(/\w/);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'bus guide');
  });
});
