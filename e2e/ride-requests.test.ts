// Ride requests on a phone (375 × 812, issue 24 §1): a member finds no ride and asks for one from
// the empty filtered list; a second taps "Me too" with their party and area; an organiser starts
// a ride for it from the request; both requesters are told in the inbox and by Web Push through
// the test push service (tests/support/push-receiver.ts, the api's real sender), each with a join
// link that has their party and area filled in, and each joins in one tap. The request screens
// read in 中文 and Melayu too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  decryptPush,
  newSubscriber,
  type PushReceiver,
  startPushReceiver,
  waitUntil,
} from '../tests/support/push-receiver.ts';
import { startApp } from './support/app-host.ts';
import { e2eAvailability, expectAccessible, launchChromium, newAppContext } from './support/browser.ts';
import { expectPath, expectToast, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

// The Singapore day four days from now, as <input type="date"> holds it.
const DAY = new Date(Date.now() + 4 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

describe.skipIf(!availability.run)('ride requests on a phone', () => {
  let receiver: PushReceiver;
  let receiverDir: string;
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let asker: BrowserContext;
  let second: BrowserContext;
  let organiser: BrowserContext;
  let organiserName: string;
  const askerDevice = newSubscriber();
  const secondDevice = newSubscriber();
  let askerEndpoint: string;
  let secondEndpoint: string;
  let requestId: number;
  let rideId: number;

  async function subscribe(context: BrowserContext, device: ReturnType<typeof newSubscriber>, name: string) {
    const endpoint = receiver.endpoint('ok', `${name}-${Date.now()}`);
    const saved = await context.request.post('/api/push/subscriptions', {
      data: { endpoint, keys: { p256dh: device.p256dh, auth: device.auth }, kinds: ['ride_request_offered'] },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    return endpoint;
  }

  beforeAll(async () => {
    receiverDir = mkdtempSync(join(tmpdir(), 'fc-requests-push-'));
    receiver = await startPushReceiver(receiverDir);
    app = await startApp({ NODE_EXTRA_CA_CERTS: receiver.certFile, PUSH_ALLOW_LOOPBACK: '1' });
    browser = await launchChromium();
    asker = await newAppContext(browser, 'phone', app.url);
    second = await newAppContext(browser, 'phone', app.url);
    organiser = await newAppContext(browser, 'phone', app.url);
    organiserName = username('orgr');
    await registerViaApi(asker, username('askr'));
    await registerViaApi(second, username('metoo'));
    await registerViaApi(organiser, organiserName);
    askerEndpoint = await subscribe(asker, askerDevice, 'asker');
    secondEndpoint = await subscribe(second, secondDevice, 'second');
  }, 120_000);

  afterAll(async () => {
    for (const context of [asker, second, organiser]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.close();
    await receiver?.close();
    if (receiverDir) rmSync(receiverDir, { recursive: true, force: true });
  });

  const pushesTo = (endpoint: string) => receiver.received.filter((push) => push.path === new URL(endpoint).pathname);

  it('asks for a ride from an empty filtered list', async () => {
    const page = await asker.newPage();
    await page.goto('/home?direction=FC-%3ESG');
    const ask = page.getByRole('link', { name: 'No rides match — ask for one' });
    await ask.waitFor();
    expect((await ask.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await ask.click();
    await expectPath(page, /^\/requests\/new$/);
    await page.getByRole('heading', { name: 'Ask for a ride' }).waitFor();
    // The direction comes from Home's filter.
    expect(await page.getByRole('radio', { name: 'Forest City to Singapore' }).isChecked()).toBe(true);
    await page.getByLabel('Date').fill(DAY);
    await page.getByLabel('From').fill('17:00');
    await page.getByLabel('Until').fill('21:00');
    await page.getByLabel('Number of passengers (including you)').fill('2');
    await page.getByLabel('Your area in Singapore').fill('Tampines');
    await page.getByLabel('Note (optional)').fill('Two suitcases');
    await page.getByRole('button', { name: 'Post request' }).click();
    await expectToast(page, 'Ride request posted');
    await expectPath(page, /^\/requests\/\d+$/);
    requestId = Number(new URL(page.url()).pathname.split('/').pop());
    const card = page.getByRole('article');
    await card.getByText('2 people, 1 party').waitFor();
    await card.getByText('5:00 pm – 9:00 pm').waitFor();
    await card.getByRole('button', { name: 'Found a ride' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'a ride request');
    // Back leaves the posted request for the list it was asked from, not an empty form again.
    await page.goBack();
    await expectPath(page, /^\/home$/);
    expect(new URL(page.url()).searchParams.get('direction')).toBe('FC->SG');
    await page.close();
  });

  it('lets a second member say "Me too" from Home, and shows the demand', async () => {
    const page = await second.newPage();
    await page.goto('/home');
    // Home's Requests tab counts them, and opens on the section.
    const tab = page.getByRole('tab', { name: /Requests/ });
    await tab.getByText('1', { exact: true }).waitFor();
    await tab.click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'requests');
    const section = page.getByRole('region', { name: /Looking for a ride/ });
    await section.getByText('1', { exact: true }).waitFor();
    const card = section.getByRole('article').filter({ hasText: 'Forest City to Singapore' });
    await card.getByText('Two suitcases').waitFor();
    // Checked before the toast below, whose fading in and out axe may catch half drawn.
    await expectAccessible(page, 'home with a ride request');
    await card.getByLabel('Party').fill('1');
    await card.getByLabel('Your area').fill('Bedok');
    const meToo = card.getByRole('button', { name: 'Me too' });
    expect((await meToo.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await meToo.click();
    await expectToast(page, "You're on this request");
    await card.getByText('3 people, 2 parties').waitFor();
    await card.getByText("You're on this request (party of 1).").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('starts a ride for the request, prefilled, and tells both requesters by inbox and push', async () => {
    const page = await organiser.newPage();
    await page.goto('/home?tab=requests&direction=FC-%3ESG');
    const card = page.getByRole('region', { name: /Looking for a ride/ }).getByRole('article');
    await card.getByText('3 people, 2 parties').waitFor();
    await card.getByRole('link', { name: 'Start a ride for this' }).click();
    await expectPath(page, /^\/rides\/create$/);
    await page.getByText(/For the ride request of/).waitFor();
    expect(await page.getByRole('radio', { name: 'Forest City to Singapore' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Date and time (Singapore time)').inputValue()).toBe(`${DAY}T17:00`);
    expect(Number(await page.getByLabel('Maximum total passengers').inputValue())).toBeGreaterThanOrEqual(4);
    await page.getByLabel('Your Drop-off Location in Singapore').fill('Woodlands MRT');
    await page.getByRole('button', { name: 'Create Ride' }).click();
    await expectPath(page, /^\/rides\/\d+$/);
    rideId = Number(new URL(page.url()).pathname.split('/').pop());

    for (const [endpoint, device, party, area] of [
      [askerEndpoint, askerDevice, 2, 'Tampines'],
      [secondEndpoint, secondDevice, 1, 'Bedok'],
    ] as const) {
      const [push] = await waitUntil(
        () => (pushesTo(endpoint).length > 0 ? pushesTo(endpoint) : undefined),
        15_000,
        `the push to the ${area} party`,
      );
      const message = decryptPush(push!, device) as { title: string; body: string; url: string };
      expect(message.title).toBe('A ride for your request');
      expect(message.body).toContain(`${organiserName} Tan started the Forest City → Singapore ride`);
      expect(message.url).toBe(`/rides/${rideId}/join?party=${party}&dropoff=${area}`);
    }

    // The request shows the ride.
    await page.goto(`/requests/${requestId}`);
    await page.getByText('Ride offered:').waitFor();
    await page.getByRole('link', { name: /Forest City to Singapore ·/ }).waitFor();
    await page.close();
  });

  async function joinFromInbox(context: BrowserContext, party: number, area: string) {
    const page = await context.newPage();
    await page.goto('/inbox');
    const entry = page.getByRole('listitem').filter({ hasText: 'A ride for your request' });
    await entry.first().waitFor();
    expect(await entry.count()).toBe(1);
    await entry.getByRole('link', { name: 'View ride' }).click();
    await expectPath(page, new RegExp(`^/rides/${rideId}/join$`));
    await page.getByText('Your party and area from your ride request are filled in').waitFor();
    expect(await page.getByLabel('Number of passengers (including you)').inputValue()).toBe(String(party));
    expect(await page.getByLabel('Your drop-off location in Singapore').inputValue()).toBe(area);
    // One tap.
    await page.getByRole('button', { name: 'Join Ride' }).click();
    await expectToast(page, 'You have joined the ride');
    await page.close();
  }

  it('lets each requester join in one tap from the notification', async () => {
    await joinFromInbox(asker, 2, 'Tampines');
    await joinFromInbox(second, 1, 'Bedok');
    const ride = await organiser.request.get(`/api/rides/${rideId}`);
    expect((await ride.json()).currentPassengers).toBe(4);
  });

  async function inLanguage(language: 'zh' | 'ms', visit: (page: Page) => Promise<void>) {
    const context = await newAppContext(browser, 'phone', app.url);
    await context.addInitScript((chosen) => localStorage.setItem('fc-language', chosen), language);
    await registerViaApi(context, username(`req${language}`));
    const page = await context.newPage();
    await visit(page);
    await context.close();
  }

  it.each([
    ['zh', '寻找行程', '请求乘车', '我也要', '发布请求'],
    ['ms', 'Mencari tumpangan', 'Minta tumpangan', 'Saya juga', 'Hantar permintaan'],
  ] as const)('reads the request screens in %s', async (language, section, ask, meToo, post) => {
    await inLanguage(language, async (page) => {
      await page.goto('/home?tab=requests');
      const region = page.getByRole('region', { name: new RegExp(section) });
      await region.getByRole('article').first().waitFor();
      await region.getByRole('button', { name: meToo }).first().waitFor();
      expect(await region.getByText('Looking for a ride').count()).toBe(0);
      await page.goto('/requests/new');
      await page.getByRole('heading', { name: ask }).waitFor();
      await page.getByRole('button', { name: post }).waitFor();
      expect(await page.getByText('Post request').count()).toBe(0);
    });
  });
});
