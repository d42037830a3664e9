// Ride alerts on a phone (375 × 812, issue 24 §2): a member filters Home by direction and taps
// "Tell me when a ride like this is posted"; a ride posted that way tells them once, in the inbox
// and by Web Push through the test push service (tests/support/push-receiver.ts, the api's real
// sender), and a ride the other way tells them nothing. The alert is listed and deleted under
// Profile; the button and the card read in 中文 and Melayu too.
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
import { createRideViaApi, expectToast, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('ride alerts on a phone', () => {
  let receiver: PushReceiver;
  let receiverDir: string;
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let watcher: BrowserContext;
  let organiser: BrowserContext;
  let watcherName: string;
  let organiserName: string;
  const device = newSubscriber();
  let endpoint: string;

  beforeAll(async () => {
    receiverDir = mkdtempSync(join(tmpdir(), 'fc-alerts-push-'));
    receiver = await startPushReceiver(receiverDir);
    app = await startApp({ NODE_EXTRA_CA_CERTS: receiver.certFile, PUSH_ALLOW_LOOPBACK: '1' });
    browser = await launchChromium();
    watcher = await newAppContext(browser, 'phone', app.url);
    organiser = await newAppContext(browser, 'phone', app.url);
    watcherName = username('watch');
    organiserName = username('orga');
    await registerViaApi(watcher, watcherName);
    await registerViaApi(organiser, organiserName);
    // The watcher's phone as the push service knows it, opted into ride alerts only.
    endpoint = receiver.endpoint('ok', `alerts-${Date.now()}`);
    const saved = await watcher.request.post('/api/push/subscriptions', {
      data: { endpoint, keys: { p256dh: device.p256dh, auth: device.auth }, kinds: ['ride_alert'] },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await watcher?.close().catch(() => {});
    await organiser?.close().catch(() => {});
    await browser?.close();
    await app?.close();
    await receiver?.close();
    if (receiverDir) rmSync(receiverDir, { recursive: true, force: true });
  });

  const pushes = () => receiver.received.filter((push) => push.path === new URL(endpoint).pathname);

  it("saves an alert from Home's filters in one tap, and lists it under Profile", async () => {
    const page = await watcher.newPage();
    await page.goto('/home');
    await page.getByRole('heading', { name: 'All rides' }).waitFor({ state: 'attached' });
    // No direction chosen: nothing to be told about yet.
    expect(await page.getByRole('button', { name: 'Tell me when a ride like this is posted' }).count()).toBe(0);

    await page.goto('/home?direction=FC-%3ESG');
    const tell = page.getByRole('button', { name: 'Tell me when a ride like this is posted' });
    await tell.waitFor();
    expect((await tell.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await tell.click();
    await expectToast(page, 'Alert saved: we will tell you when a ride like this is posted');
    await page.getByText('You will be told when a ride like this is posted (Profile → Ride alerts).').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Ride alerts' });
    await card.waitFor();
    const list = card.getByRole('list', { name: 'Your ride alerts' });
    await list.getByText('Forest City to Singapore').waitFor();
    await list.getByText('every day, any time').waitFor();
    await card.getByText('1 of 10 alerts').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'profile with the ride alerts card');
    await page.close();
  });

  it('tells once for a matching ride, in the inbox and by push, and nothing for the other way', async () => {
    const matching = (await createRideViaApi(organiser, {
      direction: 'FC->SG',
      date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    })) as { id: number };
    const other = (await createRideViaApi(organiser, {
      direction: 'SG->FC',
      date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    })) as { id: number };
    expect(other.id).not.toBe(matching.id);

    const [push] = await waitUntil(() => (pushes().length > 0 ? pushes() : undefined), 15_000, 'the alert push');
    const message = decryptPush(push!, device) as { title: string; body: string; url: string };
    expect(message.title).toBe('A ride you asked for');
    expect(message.body).toContain(`${organiserName} Tan posted a ride matching your alert`);
    expect(message.body).toContain('Forest City → Singapore');
    expect(message.url).toBe(`/rides/${matching.id}`);

    // An edit that keeps it matching tells nobody again.
    const moved = await organiser.request.patch(`/api/rides/${matching.id}`, {
      data: {
        direction: 'FC->SG',
        date: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
        maxPassengers: 4,
        pickupLocation: 'Forest City',
        dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
        organizerPassengerCount: 1,
      },
    });
    expect(moved.status(), await moved.text()).toBe(200);

    const page = await watcher.newPage();
    await page.goto('/inbox');
    const entries = page.getByRole('listitem').filter({ hasText: 'A ride you asked for' });
    await entries.first().waitFor();
    await page.waitForTimeout(1_000);
    expect(await entries.count()).toBe(1);
    await entries.first().getByText(`${organiserName} Tan posted a ride matching your alert`).waitFor();
    expect(pushes()).toHaveLength(1);
    await page.close();
  });

  it('deletes the alert under Profile', async () => {
    const page = await watcher.newPage();
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Ride alerts' });
    await card.getByRole('list', { name: 'Your ride alerts' }).waitFor();
    await card.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Alert deleted');
    await card.getByText('No alerts yet.').waitFor();
    await page.close();
  });

  it("saves an alert from the Profile form, its window written as the app's times", async () => {
    const page = await watcher.newPage();
    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'New ride alert' });
    await form.getByLabel('Direction').selectOption('SG->FC');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Sat', 'Sun'])
      await form.getByRole('checkbox', { name: day }).uncheck();
    await form.getByRole('checkbox', { name: 'Any time of day' }).uncheck();
    // A window that ends before it starts is refused next to its end, and nothing is sent.
    await form.getByLabel('From', { exact: true }).fill('21:00');
    await form.getByLabel('Until', { exact: true }).fill('17:00');
    await form.getByRole('button', { name: 'Save alert' }).click();
    await form.getByText('The window must end after it starts').waitFor();
    await form.getByLabel('From', { exact: true }).fill('17:00');
    await form.getByLabel('Until', { exact: true }).fill('21:00');
    await form.getByRole('button', { name: 'Save alert' }).click();
    await expectToast(page, 'Alert saved: we will tell you when a ride like this is posted');

    const list = page.getByRole('list', { name: 'Your ride alerts' });
    await list.getByText('Fri, 5:00 pm – 9:00 pm').waitFor();
    expect(await list.getByText('Singapore to Forest City').count()).toBe(1);
    expect(await list.getByText('17:00').count()).toBe(0);
    // The form starts afresh.
    expect(await form.getByRole('checkbox', { name: 'Mon' }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'Any time of day' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });

  async function inLanguage(language: 'zh' | 'ms', visit: (page: Page) => Promise<void>) {
    const context = await newAppContext(browser, 'phone', app.url);
    await context.addInitScript((chosen) => localStorage.setItem('fc-language', chosen), language);
    await registerViaApi(context, username(`alert${language}`));
    const page = await context.newPage();
    await visit(page);
    await context.close();
  }

  it.each([
    ['zh', '有类似行程发布时通知我', '行程提醒', '还没有提醒。'],
    ['ms', 'Beritahu saya apabila perjalanan seperti ini disiarkan', 'Amaran perjalanan', 'Belum ada amaran.'],
  ] as const)('reads the button and the card in %s', async (language, button, heading, empty) => {
    await inLanguage(language, async (page) => {
      await page.goto('/home?direction=SG-%3EFC');
      await page.getByRole('button', { name: button }).waitFor();
      await page.goto('/profile');
      const card = page.getByRole('region', { name: heading });
      await card.getByText(empty).waitFor();
      expect(await card.getByText('Ride alerts').count()).toBe(0);
      expect(await card.getByText('Save alert').count()).toBe(0);
    });
  });
});
