// Suspending from the admin's queue on a phone (375 px, touch; issue 35 §1). The queue's most
// common case, a reported upcoming ride, answered "A referenced record does not exist" and
// suspended nobody: cancelling the organiser's rides took the report with it. Here a report on
// each of the four kinds (ride, ride request, chat message, member) is acted on through the
// queue, for good or for days: each member is then refused at login, their ride is gone, and
// the log lists all four.
import { describe, expect, it } from 'vitest';

import { e2eAvailability, expectAccessible } from './support/browser.ts';
import { createRideViaApi, expectToast, PASSWORD, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

const SINGAPORE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' });

const CASES = [
  { kind: 'ride', suspendFor: 'forever', refusal: 'suspended by a moderator.' },
  { kind: 'ride_request', suspendFor: '7', refusal: 'suspended by a moderator until' },
  { kind: 'ride_message', suspendFor: 'forever', refusal: 'suspended by a moderator.' },
  { kind: 'member', suspendFor: '30', refusal: 'suspended by a moderator until' },
] as const;

describe.skipIf(!availability.run)('suspending from a report on a phone', () => {
  const phones = usePhones();
  const phone = () => phones.phone();

  it('suspends the member behind a reported ride, request, message and member, from the queue', async () => {
    const admin = await phone();
    // The admin is user 1 named 'admin' (ADMIN_USERNAME's default): registered first.
    await registerViaApi(admin, 'admin');
    const reporter = await phone();
    await registerViaApi(reporter, username('r'));

    const reported: Array<{ name: string; rideId: number; reportId: number; note: string }> = [];
    for (const { kind } of CASES) {
      const member = await phone();
      const name = username('s');
      await registerViaApi(member, name);
      const ride = await createRideViaApi(member, { pickupLocation: `Fake pickup ${name}` });
      expect(
        (
          await reporter.request.post(`/api/rides/${ride.id}/join`, {
            data: { passengerCount: 1, dropoffLocation: 'Tampines MRT' },
          })
        ).status(),
      ).toBe(201);
      const request = await member.request.post('/api/ride-requests', {
        data: {
          direction: 'FC->SG',
          date: SINGAPORE_DAY.format(new Date(Date.now() + 3 * 86_400_000)),
          startTime: '17:00',
          endTime: '21:00',
          passengerCount: 1,
          area: 'Tampines',
        },
      });
      expect(request.status(), await request.text()).toBe(201);
      const message = await member.request.post(`/api/rides/${ride.id}/messages`, {
        data: { body: 'Pay me the fare now, in cash' },
      });
      expect(message.status()).toBe(201);
      const targetId = {
        ride: ride.id,
        ride_request: (await request.json()).id,
        ride_message: (await message.json()).id,
        member: (await (await member.request.get('/api/auth/me')).json()).id,
      }[kind];
      const note = `Reported ${kind} of ${name}`;
      const report = await reporter.request.post('/api/reports', {
        data: { targetKind: kind, targetId, reason: 'scam', note },
      });
      expect(report.status(), await report.text()).toBe(201);
      reported.push({ name, rideId: ride.id, reportId: (await report.json()).id, note });
    }

    // The admin's page is one tap from the menu (issue 37 §4).
    const adminPage = await admin.newPage();
    await adminPage.goto('/home');
    await adminPage.getByRole('button', { name: 'Open menu' }).tap();
    await adminPage.getByRole('link', { name: 'Admin', exact: true }).tap();
    await adminPage.waitForURL(/\/admin$/);
    for (const [index, { suspendFor }] of CASES.entries()) {
      const { reportId, note } = reported[index]!;
      const item = adminPage.getByRole('listitem', { name: `Report ${reportId}`, exact: true });
      await item.getByText(note).waitFor();
      await item.getByLabel('Your reason (kept in the log)').fill(`Fake listing ${index + 1}`);
      await item.getByLabel('Suspend for').selectOption(suspendFor);
      await item.getByRole('button', { name: 'Suspend member' }).tap();
      // What it would undo, counted before anything happens: their ride with its one passenger,
      // and their open request.
      const confirm = adminPage.getByRole('dialog');
      const consequences = confirm.getByRole('list', { name: 'What the suspension does' });
      await consequences.getByText('Cancels 1 upcoming ride they organise (1 passenger, 0 waiting)').waitFor();
      await consequences.getByText('Closes 1 open ride request').waitFor();
      if (index === 0) {
        await expectAccessible(adminPage, 'suspension confirm');
        // Cancel keeps everything as it was.
        await confirm.getByRole('button', { name: 'Cancel' }).tap();
        await confirm.waitFor({ state: 'hidden' });
        expect((await reporter.request.get(`/api/rides/${reported[index]!.rideId}`)).status()).toBe(200);
        await item.getByRole('button', { name: 'Suspend member' }).tap();
        await consequences.waitFor();
      }
      await confirm.getByRole('button', { name: 'Suspend', exact: true }).tap();
      await expectToast(adminPage, 'Done');
      await item.waitFor({ state: 'detached' });
    }

    // Each member is refused at login, saying for how long; their ride is gone from its page.
    const again = await phone();
    const loginPage = await again.newPage();
    const riderPage = await reporter.newPage();
    for (const [index, { refusal }] of CASES.entries()) {
      const { name, rideId } = reported[index]!;
      await loginPage.goto('/auth');
      await loginPage.getByLabel('Discord username').fill(name);
      await loginPage.getByLabel('Password').fill(PASSWORD);
      await loginPage.getByRole('button', { name: 'Login' }).tap();
      await loginPage.getByRole('alert').filter({ hasText: refusal }).first().waitFor();
      await riderPage.goto(`/rides/${rideId}`);
      await riderPage.getByRole('heading', { name: 'Ride Not Found' }).waitFor();
    }

    const log = adminPage.getByRole('region', { name: 'Moderation log' });
    for (const index of CASES.keys()) {
      await log.getByText(new RegExp(`Suspended · Member \\d+ · Fake listing ${index + 1}$`)).waitFor();
    }
  });
});
