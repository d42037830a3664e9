// A vendor on a phone (375 px, touch), from applying to giving a ride back (issue 11: vendors
// are vouched for): the dashboard waits for the admin, the admin approves in Profile with a
// licence note, the vendor takes a ride, the riders see who drives, and the organiser releases
// the driver.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import { e2eAvailability, expectAccessible, launchChromium, newAppContext } from './support/browser.ts';
import { createRideViaApi, expectToast, loginViaApi, registerViaApi, username } from './support/journey-kit.ts';
import { LICENCE_NOTE } from './support/vendor-kit.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('a vendor, vouched for, on a phone', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
    const setup = await browser.newContext({ baseURL: app.url });
    await registerViaApi(setup, 'admin');
    await setup.close();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await app?.close();
  });

  async function phone() {
    const context = await newAppContext(browser, 'phone', app.url);
    contexts.push(context);
    return context;
  }

  it('applies, waits, is approved by the admin, takes a ride, is seen by its riders and released by its organiser', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'));
    const ride = await createRideViaApi(organiser);
    const rider = await phone();
    await registerViaApi(rider, username('r'));
    const joined = await rider.request.post(`/api/rides/${ride.id}/join`, {
      data: { passengerCount: 1, dropoffLocation: 'Tampines MRT' },
    });
    expect(joined.status()).toBe(201);

    // Apply: register as a vendor. The dashboard waits for the admin, and so does the api.
    const vendor = await phone();
    const vendorName = username('v');
    await registerViaApi(vendor, vendorName, {
      isVendor: true,
      companyName: 'Straits Transport',
      driverDetails: { name: 'Raju', contact: '+60 12 000 1111', carNumber: 'JJX 8888' },
    });
    const vendorPage = await vendor.newPage();
    await vendorPage.goto('/vendor');
    await vendorPage.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    await vendorPage.getByText('What happens next').waitFor();
    await expectAccessible(vendorPage, 'vendor waiting for approval');
    const refused = await vendor.request.post(`/api/rides/${ride.id}/assign`);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe("Your vendor account is waiting for the admin's approval");

    // Approve: the admin's tools in Profile, with what was checked.
    const admin = await phone();
    await loginViaApi(admin, 'admin');
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin');
    const application = adminPage.locator('li', { hasText: `@${vendorName}` });
    await application.getByText('Waiting for approval').waitFor();
    await expectAccessible(adminPage, 'vendor applications');
    await application.getByRole('button', { name: 'Approve' }).click();
    await application.getByText(/Licence note is required/).waitFor();
    await application.getByLabel('Licence note: what you checked').fill(LICENCE_NOTE);
    await application.getByRole('button', { name: 'Approve' }).click();
    await expectToast(adminPage, 'Vendor approved');
    await application.getByText('Approved', { exact: true }).waitFor();

    // Assign: "Check again" opens the dashboard.
    await vendorPage.getByRole('button', { name: 'Check again' }).click();
    await vendorPage.getByRole('heading', { name: 'Waiting for approval' }).waitFor({ state: 'detached' });
    await vendorPage.goto(`/vendor?rideId=${ride.id}`);
    const card = vendorPage.locator(`#ride-${ride.id}`);
    await card.getByRole('button', { name: 'Assign to me' }).click();
    await expectToast(vendorPage, 'Ride assigned successfully');

    // The rider sees who drives; nobody else does.
    const riderPage = await rider.newPage();
    await riderPage.goto(`/rides/${ride.id}`);
    const vendorCard = riderPage.getByRole('region', { name: 'Assigned vendor' });
    await vendorCard.getByText('Straits Transport').waitFor();
    await vendorCard.getByText('JJX 8888').waitFor();
    expect(await vendorCard.getByRole('button', { name: 'Release driver' }).count()).toBe(0);
    await expectAccessible(riderPage, 'ride detail with its vendor');
    const stranger = await phone();
    await registerViaApi(stranger, username('s'));
    expect((await stranger.request.get(`/api/rides/${ride.id}/vendor`)).status()).toBe(403);

    // Release: the organiser lets the driver go, after confirming; the ride is open again.
    const organiserPage = await organiser.newPage();
    await organiserPage.goto(`/rides/${ride.id}`);
    const organiserCard = organiserPage.getByRole('region', { name: 'Assigned vendor' });
    await organiserCard.getByText('Raju').waitFor();
    await organiserCard.getByRole('button', { name: 'Release driver' }).click();
    const dialog = organiserPage.getByRole('dialog', { name: 'Release the driver?' });
    await dialog.waitFor();
    await expectAccessible(organiserPage, 'release confirm dialog');
    await dialog.getByRole('button', { name: 'Release driver' }).click();
    await expectToast(organiserPage, 'Driver released');
    await organiserPage.getByText('Open', { exact: true }).first().waitFor();
    await organiserCard.waitFor({ state: 'detached' });
    const after = await (await organiser.request.get(`/api/rides/${ride.id}`)).json();
    expect(after).toMatchObject({ status: 'open', vendorId: null });
  });
});
