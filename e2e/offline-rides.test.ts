// Issue 21 §1: the rides a member is on open offline, every time, from every way in. A phone
// (375 × 812, touch) with the network cut (context offline), after online sessions that ended on
// Home, on the guide and on another ride; the main ride is one the member joined and never
// opened online. From the home card, My Rides, the inbox, a reload of /rides/{id} and a cold
// start in a new page, three opens in a row each.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { e2eAvailability, tellPageOffline, waitForServiceWorkerControl } from './support/browser.ts';
import { createRideViaApi, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

const BANNER = /Offline — showing what you saw at/;

// What the saved copy holds (IndexedDB, as idb-keyval keeps it): the ids of the rides whose
// details it has, and whether My Rides' joined list and the inbox are in it.
function savedCopy(page: Page): Promise<{ rides: number[]; myRides: boolean; inbox: boolean }> {
  return page.evaluate(
    () =>
      new Promise<{ rides: number[]; myRides: boolean; inbox: boolean }>((resolve) => {
        const nothing = { rides: [], myRides: false, inbox: false };
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve(nothing);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(nothing);
          const read = db.transaction('keyval').objectStore('keyval').get('fc-rideshare-query-cache');
          read.onerror = () => resolve(nothing);
          read.onsuccess = () => {
            const keys: unknown[][] = (read.result?.clientState?.queries ?? []).map(
              (query: { queryKey: unknown[] }) => query.queryKey,
            );
            resolve({
              rides: keys
                // ['rides', 'detail', id, what it shows] (rides/query-keys.ts): the ride itself, not
                // something read under it.
                .filter((key) => key[0] === 'rides' && key[1] === 'detail' && key.length === 4)
                .map((key) => key[2] as number),
              myRides: keys.some(
                (key) =>
                  key[1] === 'page' &&
                  (key[2] as { scope?: string }).scope === 'joined' &&
                  (key[2] as { limit?: number }).limit === 20,
              ),
              inbox: keys.some((key) => key[0] === 'notifications' && key[1] === 'list'),
            });
          };
        };
      }),
  );
}

async function showsOffline(page: Page) {
  await tellPageOffline(page);
  try {
    await page.getByText(BANNER).waitFor();
  } catch (error) {
    // Say what the page showed instead: the other banner, a spinner, the login page.
    const shown = (
      await page
        .locator('body')
        .innerText()
        .catch(() => '(no page)')
    ).slice(0, 400);
    throw new Error(`no "${BANNER.source}" banner on ${page.url()}; the page read: ${shown}`, { cause: error });
  }
}

describe.skipIf(!availability.run)('the rides a member is on, offline', () => {
  const phones = usePhones({ serviceWorkers: 'allow' });

  it('open from every way in, three times each, after sessions that ended on Home, the guide and another ride', async () => {
    const organiser = await phones.phone();
    const organiserName = username('o');
    await registerViaApi(organiser, organiserName, { revolutUsername: 'offlineorg' });
    const joined = await createRideViaApi(organiser, { direction: 'FC->SG', maxPassengers: 4 });
    const other = await createRideViaApi(organiser, { maxPassengers: 4 });
    const full = await createRideViaApi(organiser, { maxPassengers: 2 });
    const unseen = await createRideViaApi(organiser, { date: new Date(Date.now() + 6 * 86_400_000).toISOString() });

    const filler = await phones.phone();
    await registerViaApi(filler, username('f'), { name: 'Felix Filler' });
    expect(
      (await filler.request.post(`/api/rides/${full.id}/join`, { data: { dropoffLocation: 'Bedok' } })).status(),
    ).toBe(201);
    expect(
      (
        await filler.request.post(`/api/rides/${joined.id}/join`, { data: { dropoffLocation: 'Jurong East' } })
      ).status(),
    ).toBe(201);

    const member: BrowserContext = await phones.phone();
    await registerViaApi(member, username('m'), { name: 'Offline Olivia' });
    expect(
      (
        await member.request.post(`/api/rides/${joined.id}/join`, { data: { dropoffLocation: 'Clementi MRT' } })
      ).status(),
    ).toBe(201);
    expect(
      (await member.request.post(`/api/rides/${other.id}/join`, { data: { dropoffLocation: 'Tampines' } })).status(),
    ).toBe(201);
    expect(
      (await member.request.post(`/api/rides/${full.id}/waitlist`, { data: { dropoffLocation: 'Changi' } })).status(),
    ).toBe(201);
    // A new time: the member's inbox entry that leads to the ride.
    const later = new Date(Date.parse(joined.date) + 90 * 60_000).toISOString();
    const moved = await organiser.request.patch(`/api/rides/${joined.id}`, {
      data: {
        direction: 'FC->SG',
        date: later,
        maxPassengers: 4,
        pickupLocation: 'Forest City',
        dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
        organizerPassengerCount: 1,
      },
    });
    expect(moved.status()).toBe(200);

    // One online session: the app is started on `start`, the member goes on to `end`, and the
    // session ends once the saved copy holds the member's rides (kept after the first screen).
    async function onlineSession(start: string, goOn: (page: Page) => Promise<void>) {
      await member.setOffline(false);
      const page = await member.newPage();
      await page.goto(start);
      await waitForServiceWorkerControl(page);
      await goOn(page);
      await expect
        .poll(() => savedCopy(page), { timeout: 20_000, message: 'the rides the member is on, in the saved copy' })
        .toEqual({ rides: expect.arrayContaining([joined.id, full.id]), myRides: true, inbox: true });
      await page.close();
      await member.setOffline(true);
    }

    // The ride as it was kept: its page, the banner, the member's stop in the drop-off order.
    async function expectJoinedRide(page: Page) {
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/rides/${joined.id}`);
      await page.getByRole('heading', { name: 'Forest City to Singapore', level: 1 }).waitFor();
      await showsOffline(page);
      expect(await page.getByText('Could not load this ride').count()).toBe(0);
      const stops = page.getByRole('definition').filter({ hasText: 'Clementi MRT' }).getByRole('listitem');
      await expect.poll(() => stops.allTextContents()).toEqual(['Tampines Mall', 'Jurong East', 'Clementi MRT']);
    }

    // Everything the checkpoint needs, read once per round: the organiser's contact, the border
    // checklist, the passengers with the member's payment status and how to pay.
    async function expectWholeRide(page: Page) {
      await page
        .getByRole('link', { name: `WhatsApp ${organiserName} Tan` })
        .first()
        .waitFor();
      await page.getByRole('heading', { name: 'Border checklist' }).waitFor();
      await page.getByRole('tab', { name: 'Passengers' }).click();
      await page.getByText('Offline Olivia').first().waitFor();
      await page.getByText('Felix Filler').first().waitFor();
      await page.getByText('Unpaid').first().waitFor();
      await page.getByRole('link', { name: 'Pay with Revolut' }).waitFor();
      await page.getByRole('tab', { name: 'Details' }).click();
    }

    // Three opens in a row from one way in: `open` lands on the ride and says on which page,
    // `back` returns to where the way starts.
    async function threeOpens(
      round: string,
      way: string,
      open: () => Promise<Page>,
      back: (page: Page) => Promise<unknown>,
    ) {
      for (let time = 1; time <= 3; time += 1) {
        try {
          const page = await open();
          await expectJoinedRide(page);
          await back(page);
        } catch (error) {
          throw new Error(`${round}, ${way}, open ${time}: ${(error as Error).message}`, { cause: error });
        }
      }
    }

    // Every way in, three opens each; the first round also reads the whole ride, the ride the
    // member waits for and one never opened.
    async function offlineRound(round: string, first: boolean) {
      const page = await member.newPage();
      const goBack = () => page.goBack();
      await page.goto('/home');
      await showsOffline(page);
      const card = page.locator(`article#ride-${joined.id}`).getByRole('link', { name: 'Forest City to Singapore' });
      await threeOpens(round, 'home card', () => card.click().then(() => page), goBack);

      const myRides = page.getByRole('region', { name: 'Rides You Joined' });
      const viaMyRides = async () => {
        if (!(await myRides.isVisible())) await page.getByRole('tab', { name: 'My Rides' }).click();
        await myRides.locator(`article#ride-${joined.id}`).getByRole('link', { name: 'View Details' }).click();
        return page;
      };
      await threeOpens(round, 'My Rides', viaMyRides, goBack);

      await page.goto('/inbox');
      await showsOffline(page);
      const viaInbox = () =>
        page
          .getByRole('link', { name: 'View ride' })
          .first()
          .click()
          .then(() => page);
      await threeOpens(round, 'inbox', viaInbox, goBack);

      await page.goto(`/rides/${joined.id}`);
      await threeOpens(
        round,
        'reload',
        () => page.reload().then(() => page),
        async () => undefined,
      );
      if (first) await expectWholeRide(page);
      await page.close();

      // The installed app's cold start: a new page each time.
      const coldStart = async () => {
        const cold = await member.newPage();
        await cold.goto(`/rides/${joined.id}`);
        return cold;
      };
      await threeOpens(round, 'cold start', coldStart, (cold) => cold.close());
      if (!first) return;

      const more = await member.newPage();
      await more.goto(`/rides/${full.id}`);
      await more.getByRole('heading', { name: 'Singapore to Forest City', level: 1 }).waitFor();
      await showsOffline(more);
      await more.getByText('You are #1 on the waitlist').waitFor();
      await more.goto(`/rides/${unseen.id}`);
      await more.getByRole('heading', { name: 'This ride is not saved on this phone' }).waitFor();
      await more.getByRole('link', { name: 'Back to Home' }).waitFor();
      await more.close();
    }

    await onlineSession('/home', async (page) => {
      // Ended on Home, after a look at the other ride.
      await page.locator(`article#ride-${other.id}`).getByRole('link', { name: 'Singapore to Forest City' }).click();
      await page.getByRole('heading', { name: 'Singapore to Forest City', level: 1 }).waitFor();
      await page.goBack();
      await page.locator(`article#ride-${joined.id}`).waitFor();
    });
    await offlineRound('ended on Home', true);

    await onlineSession('/home', async (page) => {
      await page.goto('/guide');
      await page.getByRole('heading', { name: 'Travel Guide', level: 1 }).waitFor();
    });
    await offlineRound('ended on the guide', false);

    await onlineSession(`/rides/${other.id}`, async (page) => {
      await page.getByRole('heading', { name: 'Singapore to Forest City', level: 1 }).waitFor();
    });
    await offlineRound('ended on another ride', false);
  }, 120_000);
});
