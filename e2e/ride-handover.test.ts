// Handing a ride over on a phone (375 × 812, issue 26 §2): the organiser offers the ride to a
// passenger from the Passengers tab, the passenger accepts from the banner on the ride, the old
// organiser deletes their account, and the ride is still there, organised by the passenger, with
// its other passenger aboard.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import { e2eAvailability, expectAccessible, launchChromium, newAppContext } from './support/browser.ts';
import { createRideViaApi, expectToast, PASSWORD, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

describe.skipIf(!availability.run)('handing a ride over on a phone', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let organiser: BrowserContext;
  let taker: BrowserContext;
  let rider: BrowserContext;
  let takerName: string;
  let takerId: number;
  let rideId: number;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
    organiser = await newAppContext(browser, 'phone', app.url);
    taker = await newAppContext(browser, 'phone', app.url);
    rider = await newAppContext(browser, 'phone', app.url);
    await registerViaApi(organiser, username('leaver'));
    const name = username('taker');
    takerName = `${name} Tan`;
    takerId = (await registerViaApi(taker, name)).id;
    await registerViaApi(rider, username('rider'));
    rideId = (await createRideViaApi(organiser)).id;
    for (const [context, stop] of [
      [taker, 'Tampines Hub'],
      [rider, 'Bedok Mall'],
    ] as const) {
      const joined = await context.request.post(`/api/rides/${rideId}/join`, {
        data: { passengerCount: 1, dropoffLocation: stop },
      });
      expect(joined.ok(), await joined.text()).toBe(true);
    }
  }, 120_000);

  afterAll(async () => {
    for (const context of [organiser, taker, rider]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.close();
  });

  it('the organiser offers the ride to a passenger, who declines, then accepts it offered again', async () => {
    const page = await organiser.newPage();
    await page.goto(`/rides/${rideId}`);
    await page.getByRole('tab', { name: 'Passengers' }).click();
    const handOver = page.getByRole('button', { name: `Hand over to ${takerName}` });
    await handOver.waitFor();
    expect((await handOver.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await handOver.click();
    const dialog = page.getByRole('dialog', { name: `Hand this ride over to ${takerName}?` });
    await dialog.waitFor();
    await expectAccessible(page, 'the hand-over dialog', { experimental: ['label-content-name-mismatch'] });
    await fitsThePhone(page);
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await expectToast(page, `Offer sent to ${takerName}`);
    await page.getByText('Offered to organise').waitFor();

    const offered = await taker.newPage();
    await offered.goto(`/rides/${rideId}`);
    const banner = offered.getByRole('region', { name: 'Offer to organise this ride' });
    await banner.getByText(/offers you this ride to organise/).waitFor();
    await expectAccessible(offered, 'the hand-over banner');
    await fitsThePhone(offered);
    await banner.getByRole('button', { name: 'Decline' }).click();
    await expectToast(offered, 'Offer declined');
    await banner.waitFor({ state: 'detached' });

    // The organiser is told, once, by the passenger's name.
    await page.goto('/inbox');
    const declined = page.getByRole('listitem').filter({ hasText: `${takerName} declined to take over your` });
    await declined.waitFor();
    expect(await declined.count()).toBe(1);
    await expectAccessible(page, 'the inbox with a declined hand-over');
    await page.close();
    const again = await organiser.request.post(`/api/rides/${rideId}/handover`, { data: { toUserId: takerId } });
    expect(again.status(), await again.text()).toBe(201);

    await offered.reload();
    await banner.getByText(/offers you this ride to organise/).waitFor();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expectToast(offered, 'You now organise this ride');
    await banner.waitFor({ state: 'detached' });
    await offered.close();
  });

  it('the old organiser deletes their account; the ride stays, organised by the passenger', async () => {
    const page = await organiser.newPage();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText(/unless a passenger has accepted to take one over/).waitFor();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectToast(page, 'Your account has been deleted');
    await page.close();

    const ride = await rider.request.get(`/api/rides/${rideId}`);
    expect(ride.status()).toBe(200);
    expect(await ride.json()).toMatchObject({ creatorId: takerId });
    const view = await rider.newPage();
    await view.goto(`/rides/${rideId}`);
    await view.getByText(takerName).first().waitFor();
    await view.getByRole('tab', { name: 'Passengers' }).click();
    const aboard = view.getByRole('list', { name: 'Passengers' });
    await aboard.waitFor();
    expect(await aboard.getByRole('listitem').count()).toBe(1);
    await fitsThePhone(view);
    await view.close();
  });
});
