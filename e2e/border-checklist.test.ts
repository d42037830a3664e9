// Issue 14 §2 on a phone (375 px): a passenger opens their ride, ticks two items of the border
// checklist, loses the signal at the checkpoint and reloads; the items and the ticks are still
// there (the items from the persisted query cache, the ticks from the device).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import {
  e2eAvailability,
  expectAccessible,
  launchChromium,
  newAppContext,
  waitForServiceWorkerControl,
} from './support/browser.ts';
import { createRideViaApi, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

// The query cache is saved to IndexedDB a moment after it changes (throttled): wait until the
// saved copy holds the checklist before cutting the network.
async function waitForSavedChecklist(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('keyval-store');
              open.onerror = () => resolve(false);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('keyval')) return resolve(false);
                const read = db.transaction('keyval').objectStore('keyval').get('fc-rideshare-query-cache');
                read.onerror = () => resolve(false);
                read.onsuccess = () =>
                  resolve(JSON.stringify(read.result ?? null).includes('Malaysia Digital Arrival Card'));
              };
            }),
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
}

describe.skipIf(!availability.run)('border checklist offline on a phone', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
    context = await newAppContext(browser, 'phone', app.url, { serviceWorkers: 'allow' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('keeps the items and the ticks through a reload with no signal, axe clean', async () => {
    const organiser = await browser.newContext({ baseURL: app.url });
    await registerViaApi(organiser, username('o'));
    const ride = await createRideViaApi(organiser, { direction: 'SG->FC' });
    await organiser.close();

    await registerViaApi(context, username('p'), { name: 'Border Bella' });
    const joined = await context.request.post(`/api/rides/${ride.id}/join`, {
      data: { dropoffLocation: 'Tampines MRT', passengerCount: 1 },
    });
    expect(joined.status()).toBe(201);

    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`));
    await page.goto(`/rides/${ride.id}`);
    await waitForServiceWorkerControl(page);
    const card = page.getByRole('region', { name: 'Border checklist' });
    const arrivalCard = card.getByRole('checkbox', { name: 'Malaysia Digital Arrival Card' });
    const checkpoint = card.getByRole('checkbox', { name: 'Allow 45-60 minutes at the checkpoint' });
    await arrivalCard.waitFor();
    // Towards Malaysia: the Malaysian card with its official site, not Singapore's.
    await expect
      .poll(() => card.getByRole('link', { name: /Malaysia Digital Arrival Card/ }).getAttribute('href'))
      .toBe('https://imigresen-online.imi.gov.my/mdac/main');
    expect(await card.getByRole('checkbox', { name: 'SG Arrival Card' }).count()).toBe(0);
    await expect.poll(() => card.getByText('Tampines MRT (your stop)').count()).toBe(1);
    // No wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await arrivalCard.check();
    await checkpoint.check();
    await card.getByText('2 of 5 ready', { exact: false }).waitFor();
    await expectAccessible(page, 'ride detail with the border checklist');
    await waitForSavedChecklist(page);

    await context.setOffline(true);
    try {
      await page.reload();
      await card.waitFor();
      await arrivalCard.waitFor();
      expect(await arrivalCard.isChecked()).toBe(true);
      expect(await checkpoint.isChecked()).toBe(true);
      expect(await card.getByRole('checkbox', { name: 'Passport valid for at least 6 months' }).isChecked()).toBe(
        false,
      );
      expect(await card.getByRole('checkbox').count()).toBe(5);

      // The passport expiry, on this phone only: too close to the ride gives the warning.
      const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      await card.getByLabel('Passport expiry').fill(soon);
      await card
        .getByRole('alert')
        .getByText(/less than 6 months after this ride/)
        .waitFor();
      await expectAccessible(page, 'border checklist offline, passport warning');
      expect(sent.filter((line) => line.includes(soon))).toEqual([]);
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });
});
