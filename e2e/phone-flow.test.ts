// The shared ride link on a phone (375 px, touch): the link survives the login, pages open where
// a person expects, a ride is above the fold, and what was typed is stored as it should be.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import { e2eAvailability, expectAccessible, launchChromium, newAppContext } from './support/browser.ts';
import { createRideViaApi, expectPath, PASSWORD, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('the phone flow', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  // 45 upcoming rides, a day apart, soonest first (more than two pages of 20), and 3 past ones.
  const rideIds: number[] = [];
  const pastRideIds: number[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
    const setup = await browser.newContext({ baseURL: app.url });
    await registerViaApi(setup, 'admin');
    await setup.close();

    // Five organisers: one member may organise only so many upcoming rides at once.
    const owners: BrowserContext[] = [];
    for (let index = 0; index < 5; index += 1) {
      const owner = await phone();
      await registerViaApi(owner, username('org'));
      owners.push(owner);
    }
    // A ride is created in the future only: these leave a few seconds from now, and are past
    // before any test reads the list.
    const soon = await phone();
    await registerViaApi(soon, username('soon'));
    const first = Date.now() + 3_000;
    for (let index = 0; index < 3; index += 1) {
      const ride = await createRideViaApi(soon, { date: new Date(first + index * 1_000).toISOString() });
      pastRideIds.push(ride.id);
    }
    const pastFrom = first + 3_000;
    for (let day = 1; day <= 45; day += 1) {
      const ride = await createRideViaApi(owners[day % owners.length], {
        date: new Date(Date.now() + day * 86_400_000).toISOString(),
      });
      rideIds.push(ride.id);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, pastFrom - Date.now())));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function phone() {
    const created = await newAppContext(browser, 'phone', app.url);
    contexts.push(created);
    return created;
  }

  // The windowed-list requests a page makes (path and query), as they are sent.
  function pageRequests(page: Page): string[] {
    const urls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/rides/page') urls.push(`${url.pathname}${url.search}`);
    });
    return urls;
  }

  const cardIds = (page: Page) =>
    page
      .locator('article[id^="ride-"]')
      .evaluateAll((cards) => cards.map((card) => Number(card.id.slice('ride-'.length))));

  // Scrolls to the end of the list, again as pages arrive, until at least `count` cards are there.
  // On a slow machine two pages may arrive between two looks, so a caller wanting exactly `count`
  // checks the cards itself.
  async function scrollUntilCards(page: Page, count: number) {
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return (await cardIds(page)).length;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(count);
  }

  async function loginThroughForm(page: Page, name: string) {
    await page.getByLabel('Discord username', { exact: true }).fill(name);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }

  it('keeps a shared join link through the login', async () => {
    const member = await phone();
    const name = username('link');
    await registerViaApi(await phone(), name);
    const page = await member.newPage();
    await page.goto(`/rides/${rideIds[0]}/join`);
    await expectPath(page, /^\/auth$/);
    await loginThroughForm(page, name);
    await expectPath(page, new RegExp(`^/rides/${rideIds[0]}/join$`));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('keeps a shared ride link through a registration too', async () => {
    const page = await (await phone()).newPage();
    await page.goto(`/rides/${rideIds[1]}/join`);
    await expectPath(page, /^\/auth$/);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Discord username', { exact: true }).fill(username('reg'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/I have read and accept/).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expectPath(page, new RegExp(`^/rides/${rideIds[1]}/join$`));
  });

  it('goes home after a login on /auth opened directly', async () => {
    const name = username('direct');
    await registerViaApi(await phone(), name);
    const page = await (await phone()).newPage();
    await page.goto('/auth');
    await loginThroughForm(page, name);
    await expectPath(page, /^\/home$/);
  });

  it('shows a whole ride card above the fold on a 375 × 667 phone, for a visitor and a member', async () => {
    const visitor = await phone();
    const member = await phone();
    await registerViaApi(member, username('fold'));
    for (const context of [visitor, member]) {
      const page = await context.newPage();
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto('/home');
      const card = page.locator('article[id^="ride-"]').first();
      await card.waitFor();
      const box = (await card.boundingBox())!;
      expect(box.y).toBeGreaterThan(0);
      // The fold is the bottom bar's top (issue 37 §6): what is under it cannot be read or tapped.
      const bar = (await page.getByRole('navigation', { name: 'Quick links' }).boundingBox())!;
      expect(box.y + box.height, 'first card bottom').toBeLessThanOrEqual(bar.y);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'no sideways scroll').toBeLessThanOrEqual(0);
    }
  });

  it('pages the home list from the server: 20 first, more on scroll, each ride once, past rides after upcoming ones', async () => {
    const page = await (await phone()).newPage();
    const requests = pageRequests(page);
    await page.goto('/home');
    await page.locator('article[id^="ride-"]').nth(19).waitFor();
    expect(await cardIds(page)).toEqual(rideIds.slice(0, 20));
    expect(requests).toEqual(['/api/rides/page?scope=all&time=upcoming&series=once&sort=earliest&limit=20']);

    await scrollUntilCards(page, 45);
    expect(await cardIds(page)).toEqual(rideIds);
    expect(requests).toHaveLength(3);
    expect(requests.slice(1).every((url) => url.includes('&cursor='))).toBe(true);
    expect(await page.getByRole('button', { name: 'Show more rides' }).count()).toBe(0);

    // "All Rides": the server's window changes, and the past rides follow the upcoming ones.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByText('Filters:').click();
    await page.getByLabel(/^Time(?! of day)/).selectOption('all');
    await page.waitForURL((url) => url.search === '?time=all');
    await expect
      .poll(() => requests.at(-1))
      .toBe('/api/rides/page?scope=all&time=all&series=once&sort=earliest&limit=20');
    await expect.poll(async () => (await cardIds(page))[0]).toBe(rideIds[0]);
    await scrollUntilCards(page, 48);
    expect(await cardIds(page)).toEqual([...rideIds, ...pastRideIds]);
    await expectAccessible(page, 'home list, every page');

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Direction').selectOption('FC->SG');
    await expect
      .poll(() => requests.at(-1))
      .toBe('/api/rides/page?scope=all&time=all&direction=FC-%3ESG&series=once&sort=earliest&limit=20');
    await page.getByText('No rides match these filters.').waitFor();
  });

  it('opens a ride at the top, returns to the same card of a list scrolled past page 1 on Back, and titles the page', async () => {
    const page = await (await phone()).newPage();
    const requests = pageRequests(page);
    await page.goto('/home');
    // A ride of the second page.
    const target = rideIds[29];
    await page.locator('article[id^="ride-"]').nth(19).waitFor();
    await scrollUntilCards(page, 40);
    const card = page.locator(`#ride-${target}`);
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(3000);
    // Settled: the cards around it have been laid out.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const cardTop = (await card.boundingBox())!.y;
    const read = [...requests];

    await card.getByRole('link', { name: /Singapore to Forest City/ }).click();
    await expectPath(page, new RegExp(`^/rides/${target}$`));
    // The URL changes first; the detail page replaces the list once its chunk is in.
    await page.locator('#ride-title').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.waitForFunction(() => document.title.startsWith('Ride to Forest City, '));
    expect(await page.title()).toMatch(/^Ride to Forest City, \w{3} \d{1,2} \w{3} · FC RideShare$/);

    await page.goBack();
    await expectPath(page, /^\/home$/);
    // The same card where it was on the screen, though the cards above it were not laid out again.
    await expect
      .poll(async () => Math.abs(((await card.boundingBox())?.y ?? Number.POSITIVE_INFINITY) - cardTop))
      .toBeLessThan(5);
    expect(await page.title()).toBe('Rides · FC RideShare');
    // Both pages came from the cache: nothing read twice.
    expect(requests.slice(read.length).filter((url) => read.includes(url))).toEqual([]);
  });

  it('keeps the tab and filters in the address, so reload and Back keep them', async () => {
    const page = await (await phone()).newPage();
    await page.goto('/home');
    await page.getByText('Filters:').click();
    await page.getByLabel(/^Time(?! of day)/).selectOption('all');
    await page.getByLabel('Sort').selectOption('latest');
    await page.waitForURL((url) => url.search === '?time=all&sort=latest');
    await page.reload();
    await expect.poll(() => page.getByLabel(/^Time(?! of day)/).inputValue()).toBe('all');
    expect(await page.getByLabel('Sort').inputValue()).toBe('latest');
    // Latest first: the furthest ride leads.
    const first = await page.locator('article[id^="ride-"]').first().getAttribute('id');
    expect(first).toBe(`ride-${rideIds[rideIds.length - 1]}`);

    // Folded again after the reload: open the filters to change one.
    await page.getByText('Filters:').click();
    await page.getByLabel('Direction').selectOption('FC->SG');
    await page.getByText('No rides match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.search === '');
    // The address changes before the list replaces the empty state.
    await page.locator('article[id^="ride-"]').first().waitFor();
    await expectAccessible(page, 'home with filters open');
  });

  it('stores phone numbers typed the local way in E.164', async () => {
    const member = await phone();
    const name = username('tel');
    await registerViaApi(member, name, { whatsappNumber: null });
    const page = await member.newPage();
    await page.goto('/profile');
    await page.getByLabel('WhatsApp number').fill('9123 4567');
    await page.getByLabel('Malaysian number').fill('012-345 6789');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Your profile has been updated').first().waitFor();
    const me = await (await member.request.get('/api/auth/me')).json();
    expect(me).toMatchObject({ whatsappNumber: '+6591234567', malaysianNumber: '+60123456789' });

    await page.getByLabel('Malaysian number').fill('12345');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page
      .getByText(/Malaysian number must be a \+60 number/)
      .first()
      .waitFor();
  });
});
