// Where to meet going to Singapore, on a phone (375 × 812, touch; issue 37 §3): the seeded
// organiser had to write the Forest City meeting place into the chat. Named on the form, it shows
// on the ride card, the ride page, the driver's dashboard, the share summary and the calendar file.
import { describe, expect, it } from 'vitest';

import { e2eAvailability, expectAccessible } from './support/browser.ts';
import { expectPath, registerViaApi, singaporeInputValue, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';
import { approveVendorViaApi } from './support/vendor-kit.ts';

const availability = e2eAvailability();
const MEETING_POINT = 'Phase 1 lobby, Block 6';

describe.skipIf(!availability.run)('the meeting point in Forest City on a phone', () => {
  const phones = usePhones();

  it('is asked on the form and shows on five surfaces', async () => {
    const admin = await phones.phone();
    // The admin is user 1 named 'admin' (ADMIN_USERNAME's default): registered first.
    await registerViaApi(admin, 'admin');
    const organiser = await phones.phone();
    await registerViaApi(organiser, username('o'));
    const page = await organiser.newPage();
    await page.goto('/rides/create');
    await page.getByText('Forest City to Singapore', { exact: true }).first().tap();
    const meeting = page.getByLabel('Meeting point in Forest City (optional)');
    await meeting.fill(MEETING_POINT);
    await page.getByLabel('Date and time (Singapore time)').fill(singaporeInputValue(3));
    await page.getByLabel('Your Drop-off Location in Singapore').fill('Jurong East MRT');
    await expectAccessible(page, 'ride form with the meeting point');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/rides') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create Ride' }).tap();
    const created = await (await saved).json();
    expect(created).toMatchObject({ direction: 'FC->SG', pickupLocation: 'Forest City', meetingPoint: MEETING_POINT });
    await expectPath(page, new RegExp(`^/rides/${created.id}$`));

    // 1. The ride page.
    const info = page.getByRole('region', { name: 'Ride information' });
    await info.getByText('Meeting point in Forest City').waitFor();
    await info.getByText(MEETING_POINT).waitFor();

    // 2. The share summary the organiser pastes into WhatsApp.
    await page.getByRole('button', { name: 'Share' }).first().tap();
    await page.getByText('Trip summary copied to clipboard!').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      `Pickup: Forest City: ${MEETING_POINT}`,
    );

    // 3. The calendar file.
    const calendar = await organiser.request.get(`/api/rides/${created.id}/calendar.ics`);
    // iCalendar escapes the comma.
    expect((await calendar.text()).replace(/\r\n[ \t]/g, '')).toContain(
      `LOCATION:Forest City: ${MEETING_POINT.replace(',', '\\,')}`,
    );

    // 4. The card on Home.
    await page.goto('/home');
    const card = page.locator(`#ride-${created.id}`);
    await card.getByText(`Meet in Forest City: ${MEETING_POINT}`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // 5. The driver's dashboard.
    const vendor = await phones.phone();
    const vendorUser = await registerViaApi(vendor, username('v'), {
      isVendor: true,
      companyName: 'Causeway Cabs',
      driverDetails: { name: 'Ravi', contact: '+60 12 000 2222', carNumber: 'JQA 1234' },
    });
    await approveVendorViaApi(admin, vendorUser.id);
    const dashboard = await vendor.newPage();
    await dashboard.goto('/vendor');
    await dashboard.getByRole('tab', { name: 'Available Rides' }).tap();
    await dashboard.locator(`#ride-${created.id}`).getByText(`Meet in Forest City: ${MEETING_POINT}`).waitFor();
    await expectAccessible(dashboard, 'vendor dashboard with the meeting point');
  });
});
