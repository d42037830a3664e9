// The in-app inbox on a phone (375 px, touch; issue 13 §1): a member joins another's ride, the
// organiser's bell counts it, the inbox says who joined which ride, opening it reads it, and the
// entry leads to the ride.
import { describe, expect, it } from 'vitest';

import { e2eAvailability, expectAccessible, waitForServiceWorkerControl } from './support/browser.ts';
import { createRideViaApi, expectPath, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('the inbox on a phone', () => {
  const phones = usePhones({ serviceWorkers: 'allow' });
  const phone = () => phones.phone();

  it('counts a join on the bell, lists it, reads it on opening and leads to the ride', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('a'));
    const ride = await createRideViaApi(organiser);
    const page = await organiser.newPage();
    await page.goto('/home');
    // A member with nothing new: the bell is there, without a count.
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();

    const rider = await phone();
    const riderName = username('b');
    await registerViaApi(rider, riderName);
    const joined = await rider.request.post(`/api/rides/${ride.id}/join`, {
      data: { passengerCount: 2, dropoffLocation: 'Tampines MRT' },
    });
    expect(joined.status()).toBe(201);

    // The bell polls every minute and on focus; a reload stands in for the wait.
    await page.reload();
    const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await expectAccessible(page, 'home with an unread notification');
    await bell.click();
    await expectPath(page, /^\/inbox$/);

    const entry = page.getByRole('listitem').filter({ hasText: `${riderName} Tan joined your ride` });
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toMatch(
      new RegExp(`${riderName} Tan \\(party of 2\\) joined your Singapore → Forest City ride on`),
    );
    // Shown is read: the bell empties while the entry still says it was new.
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await entry.getByText('New').waitFor();
    await expectAccessible(page, 'inbox');

    await entry.getByRole('link', { name: 'View ride' }).click();
    await expectPath(page, new RegExp(`^/rides/${ride.id}$`));
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    const unread = await organiser.request.get('/api/notifications');
    expect((await unread.json()).unread).toBe(0);

    // Back in the inbox the entry reads as seen, and the rider's own inbox is empty.
    await page.goto('/inbox');
    await entry.waitFor();
    // The copy from the first visit shows first; the fresh read replaces it.
    await expect.poll(() => entry.getByText('New').count(), { timeout: 10_000 }).toBe(0);
    const riderPage = await rider.newPage();
    await riderPage.goto('/inbox');
    await riderPage.getByText('No notifications yet').waitFor();
    await expectAccessible(riderPage, 'empty inbox');
  });

  it('keeps the inbox readable offline from the last visit', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('c'));
    const ride = await createRideViaApi(organiser);
    const rider = await phone();
    const riderName = username('d');
    await registerViaApi(rider, riderName);
    expect(
      (await rider.request.post(`/api/rides/${ride.id}/join`, { data: { dropoffLocation: 'Bedok' } })).status(),
    ).toBe(201);

    const page = await organiser.newPage();
    await page.goto('/inbox');
    await waitForServiceWorkerControl(page);
    await page.getByText(`${riderName} Tan joined your ride`).waitFor();
    // The saved copy is written a moment after the answer arrives.
    await page.waitForTimeout(1500);
    await page.close();

    await organiser.setOffline(true);
    const offline = await organiser.newPage();
    await offline.goto('/inbox');
    await offline.getByText(`${riderName} Tan joined your ride`).waitFor();
    expect(await offline.getByText('Could not load notifications').count()).toBe(0);
    await organiser.setOffline(false);
  });
});
