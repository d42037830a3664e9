// The ride chat around the conversation on a phone (375 × 812, issue 25): a passenger away from
// the chat is told by Web Push through the test push service (tests/support/push-receiver.ts,
// the api's real sender), once for two messages, again after opening it and going back to the
// ride's details; a passenger with the chat open and in view is told nothing, while one away is
// pushed once (ADR 0025, "looking" at the chat); the unread count on My
// Rides' card, on the bell and on the Chat tab, gone once the chat is read; the organiser pins an
// announcement that the passenger reads on the ride's Details; the day's quick replies and the
// system lines; the same in 中文 and Melayu; axe clean.
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
import { createRideViaApi, registerViaApi, singaporeInputValue, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

// Quick replies are offered on the ride's day, Singapore's. The ride is at noon there on the next
// day (12 to 36 hours away, whatever the hour the suite runs); a phone that reads the quick
// replies has its clock set to 11:00 that morning.
const HOUR_MS = 3_600_000;
const noonTomorrowInSingapore = () => new Date(`${singaporeInputValue(1, '12:00')}:00+08:00`);

describe.skipIf(!availability.run)('the ride chat’s counts, push, pin and quick replies on a phone', () => {
  let receiver: PushReceiver;
  let receiverDir: string;
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let organiser: BrowserContext;
  let passenger: BrowserContext;
  let organiserName: string;
  let passengerName: string;
  let rideId: number;
  let rideDate: string;
  // The hour before the ride, as the phones that read the quick replies are set.
  const morningOfTheRide = () => Date.parse(rideDate) - HOUR_MS;
  const device = newSubscriber();
  let endpoint: string;

  beforeAll(async () => {
    receiverDir = mkdtempSync(join(tmpdir(), 'fc-chat-push-'));
    receiver = await startPushReceiver(receiverDir);
    app = await startApp({ NODE_EXTRA_CA_CERTS: receiver.certFile, PUSH_ALLOW_LOOPBACK: '1' });
    browser = await launchChromium();
    organiser = await newAppContext(browser, 'phone', app.url);
    passenger = await newAppContext(browser, 'phone', app.url);
    organiserName = username('chorg');
    passengerName = username('chpax');
    await registerViaApi(organiser, organiserName);
    await registerViaApi(passenger, passengerName);
    rideDate = noonTomorrowInSingapore().toISOString();
    rideId = ((await createRideViaApi(organiser, { date: rideDate })) as { id: number }).id;
    const joined = await passenger.request.post(`/api/rides/${rideId}/join`, {
      data: { passengerCount: 1, dropoffLocation: 'Bedok' },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    // The passenger's phone as the push service knows it, opted into chat messages only.
    endpoint = receiver.endpoint('ok', `chat-${Date.now()}`);
    const saved = await passenger.request.post('/api/push/subscriptions', {
      data: { endpoint, keys: { p256dh: device.p256dh, auth: device.auth }, kinds: ['chat_message'] },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }, 120_000);

  afterAll(async () => {
    for (const context of [organiser, passenger]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.close();
    await receiver?.close();
    if (receiverDir) rmSync(receiverDir, { recursive: true, force: true });
  });

  const pushesTo = (to: string) => receiver.received.filter((push) => push.path === new URL(to).pathname);
  const pushes = () => pushesTo(endpoint);

  // The open chat's word to the api that the member is looking at it (watching) or no longer is.
  const watchingSaid = (page: Page, watching: boolean) =>
    page.waitForResponse(
      (response) =>
        response.url().endsWith('/messages/watching') &&
        response.request().method() === 'PUT' &&
        response.request().postDataJSON()?.watching === watching,
    );

  async function say(context: BrowserContext, body: string) {
    const answer = await context.request.post(`/api/rides/${rideId}/messages`, { data: { body } });
    expect(answer.status(), await answer.text()).toBe(201);
  }

  it('pushes once for two messages to a passenger away, counts them on My Rides, the bell and the tab', async () => {
    await say(organiser, 'Pickup 7:30 at exit A');
    await say(organiser, 'Bring your passport');
    const [push] = await waitUntil(() => (pushes().length > 0 ? pushes() : undefined), 15_000, 'the chat push');
    const message = decryptPush(push!, device) as { title: string; body: string; url: string };
    expect(message.title).toBe('New messages in your ride chat');
    expect(message.body).toContain(`${organiserName} Tan wrote in the chat of the`);
    expect(message.body).not.toContain('passport');
    expect(message.url).toBe(`/rides/${rideId}?tab=chat`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(pushes()).toHaveLength(1);

    const page = await passenger.newPage();
    await page.goto('/home');
    await page.getByRole('link', { name: 'Notifications, 2 unread' }).waitFor();
    await page.getByRole('tab', { name: 'My Rides' }).click();
    const chatLink = page.getByRole('link', { name: 'Chat, 2 unread messages' });
    await chatLink.waitFor();
    expect((await chatLink.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'My Rides with an unread chat');

    await page.goto(`/rides/${rideId}`);
    const tab = page.getByRole('tab', { name: 'Chat 2 unread' });
    await tab.waitFor();
    await tab.click();
    const list = page.getByRole('list', { name: 'Messages' });
    await list.getByText('Bring your passport').waitFor();
    await list.getByText(`${passengerName} Tan joined the ride`).waitFor();
    await page.getByRole('tab', { name: 'Chat', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();

    // Opened, then back on the details (no longer looking at the chat): the next message is told
    // again.
    const away = watchingSaid(page, false);
    await page.getByRole('tab', { name: 'Details' }).click();
    await away;
    await say(organiser, 'Leaving in 10');
    await waitUntil(() => (pushes().length > 1 ? pushes() : undefined), 15_000, 'the second chat push');
    await page.close();
  });

  it('tells nothing to a passenger looking at the chat, and pushes once to one away', async () => {
    const ride = ((await createRideViaApi(organiser, { date: rideDate })) as { id: number }).id;
    // A second passenger, away from the chat, with their own phone opted into chat messages.
    const other = await newAppContext(browser, 'phone', app.url);
    await registerViaApi(other, username('chaway'));
    const otherDevice = newSubscriber();
    const otherEndpoint = receiver.endpoint('ok', `chat-away-${Date.now()}`);
    for (const context of [passenger, other]) {
      const joined = await context.request.post(`/api/rides/${ride}/join`, {
        data: { passengerCount: 1, dropoffLocation: 'Bedok' },
      });
      expect(joined.status(), await joined.text()).toBe(201);
    }
    const saved = await other.request.post('/api/push/subscriptions', {
      data: {
        endpoint: otherEndpoint,
        keys: { p256dh: otherDevice.p256dh, auth: otherDevice.auth },
        kinds: ['chat_message'],
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const pushesBefore = pushes().length;

    // The passenger's chat open and in view: it says so before the organiser writes.
    const page = await passenger.newPage();
    const looking = watchingSaid(page, true);
    await page.goto(`/rides/${ride}?tab=chat`);
    await looking;
    const answer = await organiser.request.post(`/api/rides/${ride}/messages`, { data: { body: 'Gate 3, 7:25' } });
    expect(answer.status(), await answer.text()).toBe(201);

    const [otherPush] = await waitUntil(
      () => (pushesTo(otherEndpoint).length > 0 ? pushesTo(otherEndpoint) : undefined),
      15_000,
      'the push to the passenger away',
    );
    expect((decryptPush(otherPush!, otherDevice) as { url: string }).url).toBe(`/rides/${ride}?tab=chat`);
    await page.getByRole('list', { name: 'Messages' }).getByText('Gate 3, 7:25').waitFor();
    // The api sends a message's pushes together: a second second covers any late one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(pushesTo(otherEndpoint)).toHaveLength(1);
    expect(pushes()).toHaveLength(pushesBefore);
    const chatNotices = async (context: BrowserContext) => {
      const inbox = await context.request.get('/api/notifications?limit=50');
      expect(inbox.status()).toBe(200);
      const { items } = (await inbox.json()) as { items: Array<{ kind: string; rideId: number | null }> };
      return items.filter((item) => item.kind === 'chat_message' && item.rideId === ride).length;
    };
    expect(await chatNotices(passenger)).toBe(0);
    expect(await chatNotices(other)).toBe(1);
    await page.close();
    await other.close();
  });

  it('lets the organiser pin an announcement that the passenger reads on the Details tab', async () => {
    const page = await organiser.newPage();
    await page.goto(`/rides/${rideId}?tab=chat`);
    const list = page.getByRole('list', { name: 'Messages' });
    const item = list.getByRole('listitem').filter({ hasText: 'Pickup 7:30 at exit A' });
    const actions = item.getByRole('button', { name: /^Actions for / });
    expect((await actions.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await actions.click();
    const pin = item.getByRole('button', { name: /Pin the message from/ });
    expect((await pin.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await pin.click();
    await page.getByRole('note', { name: 'Pinned by the organizer' }).getByText('Pickup 7:30 at exit A').waitFor();
    // The passenger's messages offer no pin to the passenger.
    const reader = await passenger.newPage();
    await reader.goto(`/rides/${rideId}`);
    const note = reader.getByRole('note', { name: 'Pinned by the organizer' });
    await note.getByText('Pickup 7:30 at exit A').waitFor();
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(reader, 'ride details with the pinned announcement');
    await reader.getByRole('tab', { name: 'Chat' }).click();
    await reader.getByRole('list', { name: 'Messages' }).waitFor();
    expect(await reader.getByRole('button', { name: /Pin the message/ }).count()).toBe(0);
    await reader.close();
    await page.close();
  });

  it('opens a long chat at its first unread message, follows what comes, and Back returns to the tab before', async () => {
    const ride = ((await createRideViaApi(organiser, { date: rideDate })) as { id: number }).id;
    const joined = await passenger.request.post(`/api/rides/${ride}/join`, {
      data: { passengerCount: 1, dropoffLocation: 'Bedok' },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    const post = async (body: string) => {
      const answer = await organiser.request.post(`/api/rides/${ride}/messages`, { data: { body } });
      expect(answer.status(), await answer.text()).toBe(201);
      return ((await answer.json()) as { id: number }).id;
    };
    // 25 read, then 5 the passenger has not seen.
    let lastRead = 0;
    for (let index = 1; index <= 25; index += 1) lastRead = await post(`Earlier note ${index}`);
    const read = await passenger.request.post(`/api/rides/${ride}/messages/read`, { data: { lastId: lastRead } });
    expect(read.status(), await read.text()).toBe(200);
    for (let index = 1; index <= 5; index += 1) await post(`Unread note ${index}`);

    // As the inbox's "View ride" opens it.
    const page = await passenger.newPage();
    await page.goto(`/rides/${ride}?tab=chat`);
    const list = page.getByRole('list', { name: 'Messages' });
    const divider = list.getByRole('separator', { name: 'New messages' });
    await divider.waitFor();
    const inView = (text: string) =>
      list
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^.*${text}$`) })
        .evaluate((item) => {
          const box = item.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        });
    await expect.poll(() => inView('Unread note 1')).toBe(true);
    expect(await inView('Earlier note 1')).toBe(false);
    // A one-line message takes its header and one line, with the time alone.
    const short = list.getByRole('listitem').filter({ hasText: 'Unread note 1' });
    expect((await short.boundingBox())!.height).toBeLessThan(100);
    expect(await short.locator('time').textContent()).toMatch(/^\d{1,2}:\d{2}\s?[ap]m$/i);
    // The box stays at the bottom of the screen while reading up.
    const box = page.getByRole('textbox', { name: 'Message' });
    await list.getByText('Earlier note 3', { exact: true }).scrollIntoViewIfNeeded();
    expect((await box.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const boxTop = (await box.boundingBox())!.y;
    expect(boxTop).toBeGreaterThan(812 - 150);
    expect(boxTop).toBeLessThan(812);

    // Reading up, a new message is counted, not scrolled to.
    await post('Leaving in five minutes');
    const jump = page.getByRole('button', { name: /1 new message/ });
    await jump.waitFor({ timeout: 15_000 });
    expect(await inView('Leaving in five minutes')).toBe(false);
    await jump.click();
    await expect.poll(() => inView('Leaving in five minutes')).toBe(true);
    await jump.waitFor({ state: 'detached' });
    // At the end, the next one comes into view by itself.
    await post('Here now');
    await list.getByText('Here now').waitFor({ timeout: 15_000 });
    await expect.poll(() => inView('Here now')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'a long ride chat opened at its unread messages');

    // Each tab is a step of history: Back from Chat returns to Details.
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByRole('tab', { name: 'Chat', exact: true }).click();
    await list.waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('chat');
    await page.goBack();
    await expect.poll(() => page.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).searchParams.get('tab')).toBeNull();
    await page.close();
  });

  it('offers the quick replies on the day of the ride, sent as they read', async () => {
    await passenger.clock.setFixedTime(morningOfTheRide());
    const page = await passenger.newPage();
    await page.goto(`/rides/${rideId}?tab=chat`);
    const replies = page.getByRole('group', { name: 'Quick replies' });
    await replies.waitFor();
    const names = await replies.getByRole('button').allTextContents();
    expect(names).toEqual(["I'm at the pickup", 'Running 5 minutes late', 'Here']);
    const button = replies.getByRole('button', { name: 'Running 5 minutes late' });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await button.click();
    await page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: 'You' })
      .getByText('Running 5 minutes late')
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'the ride chat with quick replies');
    await page.close();
  });

  it.each([
    ['zh', '聊天', '快捷回复', '我已到上车点', '加入了行程'],
    ['ms', 'Sembang', 'Balasan pantas', 'Saya sudah di tempat ambilan', 'telah menyertai perjalanan'],
  ] as const)('reads the chat in %s', async (language, tabName, group, reply, joinedLine) => {
    const context = await newAppContext(browser, 'phone', app.url);
    await context.addInitScript((chosen) => localStorage.setItem('fc-language', chosen), language);
    await context.clock.setFixedTime(morningOfTheRide());
    const name = username(`chat${language}`);
    await registerViaApi(context, name);
    const joined = await context.request.post(`/api/rides/${rideId}/join`, {
      data: { passengerCount: 1, dropoffLocation: 'Tampines' },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    const page = await context.newPage();
    await page.goto(`/rides/${rideId}`);
    await page.getByRole('tab', { name: tabName }).click();
    await page.getByRole('group', { name: group }).getByRole('button', { name: reply }).waitFor();
    await page.getByText(`${name} Tan ${joinedLine}`).waitFor();
    await expectAccessible(page, `the ride chat in ${language}`);
    await context.close();
  });
});
