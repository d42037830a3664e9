// Issue 21 §4 on a phone (375 × 812, touch): a vendor waiting for the admin is offered no
// "Assign to me" (approved, it is, and its inbox says so); a new time reaches the riders as
// "Forest City → Singapore … 6:00 pm → 7:30 pm"; deleting a ride says how many are told, and
// that many are.
import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { e2eAvailability } from './support/browser.ts';
import { expectPath, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';
import { approveVendorViaApi } from './support/vendor-kit.ts';

const availability = e2eAvailability();

// 6:00 pm in Singapore, `days` ahead, and the same day at 7:30 pm.
function singaporeEvening(days: number, time: string): string {
  const day = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  return new Date(`${day}T${time}:00+08:00`).toISOString();
}

function rideBody(date: string) {
  return {
    direction: 'FC->SG',
    date,
    maxPassengers: 5,
    pickupLocation: 'Forest City',
    dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
    organizerPassengerCount: 1,
  };
}

async function inboxKinds(member: BrowserContext): Promise<string[]> {
  const answer = await member.request.get('/api/notifications');
  expect(answer.status()).toBe(200);
  return (await answer.json()).items.map((item: { kind: string }) => item.kind);
}

describe.skipIf(!availability.run)('one truth for vendors and notifications, on a phone', () => {
  const phones = usePhones();
  let admin: BrowserContext;

  beforeAll(async () => {
    // The admin is the first account of the app's fresh database.
    admin = await phones.phone();
    await registerViaApi(admin, 'admin');
  });

  it('offers a vendor waiting for approval no "Assign to me"; once approved it is, and the inbox says so', async () => {
    const organiser = await phones.phone();
    await registerViaApi(organiser, username('o'));
    const ride = await (
      await organiser.request.post('/api/rides', { data: rideBody(singaporeEvening(4, '18:00')) })
    ).json();

    const vendor = await phones.phone();
    const vendorUser = await registerViaApi(vendor, username('v'), {
      isVendor: true,
      companyName: 'Causeway Cabs',
      driverDetails: { name: 'Ravi', contact: '+60 12 000 2222', carNumber: 'JQA 1234' },
    });
    const page = await vendor.newPage();
    await page.goto('/home');
    // Home is their "Waiting for approval" until then (issue 37 §4), with no ride to assign.
    await page.getByRole('heading', { name: 'Waiting for approval', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Assign to me' }).count()).toBe(0);
    const card = page.locator(`#ride-${ride.id}`);

    await approveVendorViaApi(admin, vendorUser.id);
    await page.reload();
    await card.getByRole('link', { name: 'Assign to me' }).waitFor();
    await page.goto('/inbox');
    const entry = page.getByRole('listitem').filter({ hasText: 'Vendor account approved' });
    await entry.getByText('The admin approved Causeway Cabs.', { exact: false }).waitFor();
    await entry.getByRole('link', { name: 'Open the Vendor Dashboard' }).tap();
    await expectPath(page, /^\/vendor$/);
  });

  // An organiser's FC->SG ride at 6:00 pm, with two riders aboard.
  async function rideWithTwoRiders() {
    const organiser = await phones.phone();
    await registerViaApi(organiser, username('o'));
    const body = rideBody(singaporeEvening(5, '18:00'));
    const ride = await (await organiser.request.post('/api/rides', { data: body })).json();
    const riders = [await phones.phone(), await phones.phone()];
    for (const rider of riders) {
      await registerViaApi(rider, username('r'));
      const joined = await rider.request.post(`/api/rides/${ride.id}/join`, {
        data: { passengerCount: 1, dropoffLocation: 'Bedok Mall' },
      });
      expect(joined.status()).toBe(201);
    }
    return { organiser, body, ride, riders };
  }

  it('tells a rider the new time from the old one, naming the way', async () => {
    const { organiser, body, ride, riders } = await rideWithTwoRiders();
    const moved = await organiser.request.patch(`/api/rides/${ride.id}`, {
      data: { ...body, date: singaporeEvening(5, '19:30') },
    });
    expect(moved.status()).toBe(200);

    const riderPage = await riders[0]!.newPage();
    await riderPage.goto('/inbox');
    const entry = riderPage.getByRole('listitem').filter({ hasText: 'Your ride changed' });
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('Forest City → Singapore');
    expect(text).not.toContain('FC->SG');
    expect(text).toMatch(/6:00\s?pm → 7:30\s?pm/i);
  });

  it('says, before a ride with passengers is deleted, how many will be told; that many are', async () => {
    const { organiser, ride, riders } = await rideWithTwoRiders();
    const page = await organiser.newPage();
    await page.goto(`/rides/edit/${ride.id}`);
    await page.getByRole('button', { name: 'Delete Ride' }).tap();
    await page.getByText('2 passengers will be told that the ride is cancelled.').waitFor();
    await page.getByRole('button', { name: 'Click again to delete' }).tap();
    await expectPath(page, /^\/home$/);
    for (const rider of riders) expect(await inboxKinds(rider)).toContain('ride_deleted');
  });
});
