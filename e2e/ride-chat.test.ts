// The ride chat on a phone (375 × 812, issue 25 §1) with three browser contexts: the organiser
// and a passenger exchange messages on the ride page's Chat tab, each seeing the other's within
// the tab's revalidation (until a live transport is decided); a member who is not on the ride
// has no tab and is refused by the api; the passenger deletes their own message; axe clean.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import { e2eAvailability, expectAccessible, launchChromium, newAppContext } from './support/browser.ts';
import { createRideViaApi, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('the ride chat on a phone', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let organiser: BrowserContext;
  let passenger: BrowserContext;
  let outsider: BrowserContext;
  let rideId: number;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
    organiser = await newAppContext(browser, 'phone', app.url);
    passenger = await newAppContext(browser, 'phone', app.url);
    outsider = await newAppContext(browser, 'phone', app.url);
    await registerViaApi(organiser, username('orgr'));
    await registerViaApi(passenger, username('pax'));
    await registerViaApi(outsider, username('out'));
    rideId = (await createRideViaApi(organiser)).id;
    const joined = await passenger.request.post(`/api/rides/${rideId}/join`, {
      data: { passengerCount: 1, dropoffLocation: 'Bedok' },
    });
    expect(joined.status(), await joined.text()).toBe(201);
  }, 120_000);

  afterAll(async () => {
    for (const context of [organiser, passenger, outsider]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.close();
  });

  async function openChat(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`/rides/${rideId}`);
    await page.getByRole('tab', { name: 'Chat' }).click();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    return page;
  }

  async function send(page: Page, text: string) {
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    const button = page.getByRole('button', { name: 'Send' });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await button.click();
    await page.getByRole('list', { name: 'Messages' }).getByText(text).waitFor();
  }

  it('lets the organiser and a passenger talk, each seeing the other’s message on an open tab', async () => {
    const organiserPage = await openChat(organiser);
    const passengerPage = await openChat(passenger);
    // Nobody has written yet: the conversation holds the app's line for the passenger's join.
    await organiserPage
      .getByRole('list', { name: 'Messages' })
      .getByText(/joined the ride/)
      .waitFor();

    await send(organiserPage, 'Pickup 7:30 at exit A, map: https://maps.example/exit-a');
    const started = Date.now();
    const seen = passengerPage.getByRole('list', { name: 'Messages' }).getByText(/Pickup 7:30 at exit A/);
    await seen.waitFor({ timeout: 10_000 });
    console.log(`organiser → passenger, seen on the open tab after ${Date.now() - started} ms (4 s revalidation)`);
    const link = passengerPage.getByRole('link', { name: 'https://maps.example/exit-a' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');

    await send(passengerPage, 'See you there');
    await organiserPage.getByRole('list', { name: 'Messages' }).getByText('See you there').waitFor({ timeout: 10_000 });
    expect(await passengerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(passengerPage, 'the ride chat');

    // The passenger's own message has Delete; the organiser's does not.
    const list = passengerPage.getByRole('list', { name: 'Messages' });
    expect(await list.getByRole('button', { name: /^Actions for your message at / }).count()).toBe(1);
    await list.getByRole('button', { name: /^Actions for your message at / }).click();
    await list.getByRole('button', { name: /Delete your message/ }).click();
    await list.getByText('See you there').waitFor({ state: 'detached' });
    await organiserPage
      .getByRole('list', { name: 'Messages' })
      .getByText('See you there')
      .waitFor({ state: 'detached', timeout: 10_000 });
    await organiserPage.close();
    await passengerPage.close();
  });

  it('offers no tab to a member who is not on the ride, and the api refuses them', async () => {
    const page = await outsider.newPage();
    await page.goto(`/rides/${rideId}`);
    await page.getByRole('tab', { name: 'Passengers' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Chat' }).count()).toBe(0);
    const answer = await outsider.request.get(`/api/rides/${rideId}/messages`);
    expect(answer.status()).toBe(403);
    expect((await answer.json()).code).toBe('not_in_ride_chat');
    await page.close();
  });
});
