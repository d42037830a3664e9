// Moderation on a phone (375 px, touch; issue 26 §1): a member reports a ride, the admin sees it
// in the queue under Profile and hides it (gone from Home, its page says a moderator removed it,
// its passenger is told); a member is reported and suspended, and can no longer log in; the log
// shows both actions.
import { describe, it } from 'vitest';

import { e2eAvailability, expectAccessible } from './support/browser.ts';
import {
  createRideViaApi,
  expectToast,
  loginViaApi,
  PASSWORD,
  registerViaApi,
  username,
} from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('moderation on a phone', () => {
  const phones = usePhones();
  const phone = () => phones.phone();

  it('takes a report through the queue to a hidden ride and a suspended member, with the log', async () => {
    const admin = await phone();
    await registerViaApi(admin, 'admin');
    const organiser = await phone();
    const organiserName = username('o');
    await registerViaApi(organiser, organiserName);
    const ride = await createRideViaApi(organiser, { pickupLocation: 'Moderated Pickup Plaza' });
    const passenger = await phone();
    await registerViaApi(passenger, username('p'));
    await passenger.request.post(`/api/rides/${ride.id}/join`, {
      data: { passengerCount: 1, dropoffLocation: 'Tampines MRT' },
    });

    // A member reports the ride from its page.
    const reporter = await phone();
    await registerViaApi(reporter, username('r'));
    const reporterPage = await reporter.newPage();
    await reporterPage.goto(`/rides/${ride.id}`);
    await reporterPage.getByRole('button', { name: 'Report this ride' }).tap();
    const dialog = reporterPage.getByRole('dialog', { name: 'Report this ride' });
    // The sheet slides up; a tap while it moves lands on the backdrop, which closes it.
    await reporterPage.waitForTimeout(600);
    await dialog.getByLabel('Why are you reporting this?').selectOption('scam');
    await dialog.getByLabel('Note (optional)').fill('Asks for the fare before anyone joins');
    await expectAccessible(reporterPage, 'report dialog');
    await dialog.getByRole('button', { name: 'Send report' }).tap();
    await expectToast(reporterPage, 'Report sent');

    // The admin hides it from the queue.
    await loginViaApi(admin, 'admin');
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin');
    const rideReport = adminPage.getByRole('listitem').filter({ hasText: 'Asks for the fare before anyone joins' });
    await rideReport.getByText('Moderated Pickup Plaza').waitFor();
    await expectAccessible(adminPage, 'moderation queue');
    await rideReport.getByLabel('Your reason (kept in the log)').fill('Scam listing');
    await rideReport.getByRole('button', { name: 'Hide' }).tap();
    await expectToast(adminPage, 'Done');

    // Gone from Home; its page says a moderator removed it; the passenger is told.
    await reporterPage.goto('/home');
    await reporterPage.getByRole('heading', { level: 1 }).first().waitFor();
    await reporterPage.waitForTimeout(500);
    if ((await reporterPage.getByText('Moderated Pickup Plaza').count()) !== 0) throw new Error('hidden ride on Home');
    const passengerPage = await passenger.newPage();
    await passengerPage.goto(`/rides/${ride.id}`);
    await passengerPage.getByRole('heading', { name: 'Ride removed' }).waitFor();
    await passengerPage.goto('/inbox');
    await passengerPage
      .getByText(/removed by a moderator/)
      .first()
      .waitFor();

    // A report on a member (the organiser, from another ride of theirs), then a suspension.
    const second = await createRideViaApi(organiser, { direction: 'FC->SG' });
    await reporterPage.goto(`/rides/${second.id}`);
    await reporterPage.getByRole('button', { name: `Report the organiser, ${organiserName} Tan` }).tap();
    const memberDialog = reporterPage.getByRole('dialog', { name: `Report the organiser, ${organiserName} Tan` });
    await reporterPage.waitForTimeout(600);
    await memberDialog.getByLabel('Why are you reporting this?').selectOption('harassment');
    await memberDialog.getByRole('button', { name: 'Send report' }).tap();
    await expectToast(reporterPage, 'Report sent');

    await adminPage.reload();
    const memberReport = adminPage.getByRole('listitem').filter({ hasText: 'Harassment or abuse' }).first();
    await memberReport.getByLabel('Your reason (kept in the log)').fill('Threatened riders');
    await memberReport.getByLabel('Suspend for').selectOption('7');
    await memberReport.getByRole('button', { name: 'Suspend member' }).tap();
    await adminPage.getByRole('dialog').getByRole('list', { name: 'What the suspension does' }).waitFor();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Suspend', exact: true }).tap();
    await expectToast(adminPage, 'Done');

    // The suspended member cannot log in, and is told why.
    const again = await phone();
    const loginPage = await again.newPage();
    await loginPage.goto('/auth');
    await loginPage.getByLabel('Discord username').fill(organiserName);
    await loginPage.getByLabel('Password').fill(PASSWORD);
    await loginPage.getByRole('button', { name: 'Login' }).tap();
    // The form says it, and so may a toast: either is the refusal shown.
    await loginPage.getByRole('alert').filter({ hasText: 'suspended by a moderator until' }).first().waitFor();

    // The log has both actions.
    await adminPage.reload();
    const log = adminPage.getByRole('region', { name: 'Moderation log' });
    await log.getByText(/Hidden · Ride \d+ · Scam listing/).waitFor();
    await log.getByText(/Suspended · Member \d+ · Threatened riders/).waitFor();
  });
});
