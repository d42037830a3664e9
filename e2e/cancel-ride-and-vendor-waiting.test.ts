// Issue 37 §4 on a phone (375 × 812, touch): the organiser cancels a ride from its page with a
// reason and lands on My Rides, which Back does not undo into the ride that is gone; the
// passenger reads the reason and finds the other rides that way. A vendor who has just
// registered lands on "Waiting for approval", not on the passenger Home with Join buttons.
import { describe, expect, it } from 'vitest';

import { e2eAvailability, expectAccessible } from './support/browser.ts';
import {
  createRideViaApi,
  expectPath,
  expectToast,
  loginViaApi,
  PASSWORD,
  registerViaApi,
  username,
} from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';
import { approveVendorViaApi } from './support/vendor-kit.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('the organiser and the vendor land where they should, on a phone', () => {
  const phones = usePhones();
  const phone = () => phones.phone();

  it('cancels a ride from its page with a reason, lands on My Rides, and Back does not reopen it', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'));
    const ride = await createRideViaApi(organiser, { direction: 'FC->SG' });
    const rider = await phone();
    await registerViaApi(rider, username('r'));
    const joined = await rider.request.post(`/api/rides/${ride.id}/join`, {
      data: { passengerCount: 1, dropoffLocation: 'Tampines MRT' },
    });
    expect(joined.status()).toBe(201);

    const page = await organiser.newPage();
    await page.goto('/home');
    await page.getByRole('tab', { name: 'All Rides' }).waitFor();
    await page.goto(`/rides/${ride.id}`);
    await page.getByRole('button', { name: 'Cancel ride' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this ride?' });
    await dialog
      .getByText('1 passenger will be told that the ride is cancelled, with a link to other rides.')
      .waitFor();
    await expectAccessible(page, 'cancel ride dialog');
    await dialog.getByLabel('Reason (optional)').fill('The driver is ill');
    await dialog.getByRole('button', { name: 'Cancel ride' }).click();

    await expectToast(page, 'Ride cancelled');
    await expectPath(page, /^\/home$/);
    expect(new URL(page.url()).search).toBe('?tab=mine');
    await page.getByRole('tab', { name: 'My Rides', selected: true }).waitFor();
    await page.getByText("You haven't created or joined any rides yet.").waitFor();
    await expectAccessible(page, 'my rides after cancelling');

    // Back leaves My Rides for the Home before the ride, never the ride's page.
    await page.goBack();
    await page.getByRole('tab', { name: 'All Rides', selected: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await page.getByText(/Could not load this ride|Ride Not Found/).count()).toBe(0);

    // The passenger reads why, and opens the other rides that way.
    const riderPage = await rider.newPage();
    await riderPage.goto('/inbox');
    const entry = riderPage.getByRole('listitem').filter({ hasText: 'Ride cancelled' });
    await entry
      .getByText(/Forest City → Singapore ride on .* was cancelled\. The organiser says: “The driver is ill”/)
      .waitFor();
    await expectAccessible(riderPage, 'inbox with a cancelled ride');
    await entry.getByRole('link', { name: 'See other rides' }).click();
    await expectPath(riderPage, /^\/home$/);
    expect(new URL(riderPage.url()).searchParams.get('direction')).toBe('FC->SG');
    await riderPage.getByRole('tab', { name: 'All Rides', selected: true }).waitFor();
  });

  it('lands a new vendor on "Waiting for approval", and on the rides once approved', async () => {
    const admin = await phone();
    // The suite's app is its own: the first to register the name is the admin.
    await registerViaApi(admin, 'admin').catch(() => loginViaApi(admin, 'admin'));
    const organiser = await phone();
    await registerViaApi(organiser, username('o'));
    await createRideViaApi(organiser);

    const vendor = await phone();
    const page = await vendor.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Discord username', { exact: true }).fill(username('v'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/I am a vendor/).check();
    await page.getByLabel('Company name').fill('Straits Transport');
    await page.getByLabel('Driver name').fill('Raju');
    await page.getByLabel('Driver contact').fill('+60 12 000 1111');
    await page.getByLabel('Car number').fill('JJX 8888');
    await page.getByLabel(/I have read and accept/).check();
    await page.getByRole('button', { name: 'Register' }).click();

    await expectPath(page, /^\/home$/);
    await page.getByRole('heading', { name: 'Waiting for approval', level: 1 }).waitFor();
    await page.getByText('What happens next').waitFor();
    await page.getByText(/usually takes one to two days/).waitFor();
    expect(await page.getByRole('tab', { name: 'All Rides' }).count()).toBe(0);
    expect(await page.getByText('Join', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'home for a vendor waiting for approval');

    // Opening Home again says the same until the admin decides; then Home lists the rides.
    await page.reload();
    await page.getByRole('heading', { name: 'Waiting for approval', level: 1 }).waitFor();
    const me = await (await vendor.request.get('/api/auth/me')).json();
    await approveVendorViaApi(admin, me.id);
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByRole('tab', { name: 'All Rides' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Waiting for approval' }).count()).toBe(0);
  });
});
