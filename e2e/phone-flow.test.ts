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
  let organiser: string;
  const rideIds: number[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
    const setup = await browser.newContext({ baseURL: app.url });
    await registerViaApi(setup, 'admin');
    await setup.close();

    // Enough rides that the list scrolls well past one screen.
    const owner = await phone();
    organiser = username('org');
    await registerViaApi(owner, organiser);
    for (let day = 1; day <= 12; day += 1) {
      const ride = await createRideViaApi(owner, { date: new Date(Date.now() + day * 86_400_000).toISOString() });
      rideIds.push(ride.id);
    }
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
      expect(box.y + box.height, 'first card bottom').toBeLessThanOrEqual(667);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'no sideways scroll').toBeLessThanOrEqual(0);
    }
  });

  it('opens a ride at the top, returns to the same place in the list on Back, and titles the page', async () => {
    const page = await (await phone()).newPage();
    await page.goto('/home');
    const last = page.locator(`#ride-${rideIds[rideIds.length - 1]}`);
    await last.scrollIntoViewIfNeeded();
    const listScroll = await page.evaluate(() => window.scrollY);
    expect(listScroll).toBeGreaterThan(500);

    await last.getByRole('link', { name: /Singapore to Forest City/ }).click();
    await expectPath(page, new RegExp(`^/rides/${rideIds[rideIds.length - 1]}$`));
    // The URL changes first; the detail page replaces the list once its chunk is in.
    await page.locator('#ride-title').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.waitForFunction(() => document.title.startsWith('Ride to Forest City, '));
    expect(await page.title()).toMatch(/^Ride to Forest City, \w{3} \d{1,2} \w{3} · FC RideShare$/);

    await page.goBack();
    await expectPath(page, /^\/home$/);
    await page.waitForFunction((target) => Math.abs(window.scrollY - target) < 5, listScroll);
    expect(await page.title()).toBe('Rides · FC RideShare');
  });

  it('keeps the tab and filters in the address, so reload and Back keep them', async () => {
    const page = await (await phone()).newPage();
    await page.goto('/home');
    await page.getByText('Filters:').click();
    await page.getByLabel('Time').selectOption('all');
    await page.getByLabel('Sort').selectOption('latest');
    await page.waitForURL((url) => url.search === '?time=all&sort=latest');
    await page.reload();
    await expect.poll(() => page.getByLabel('Time').inputValue()).toBe('all');
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
    await page.getByText(/Malaysian number must be a \+60 number/).first().waitFor();
  });
});
