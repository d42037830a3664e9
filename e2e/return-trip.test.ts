// The return trip in one tap on a phone (375 px, touch; issue 14 §3): organiser A plans the way
// back from the outbound (the form comes prefilled as its mirror, A picks the date), passenger B
// is told in the inbox, sees "Join the return" on the outbound and on the return, and joins in
// one tap with their stop and party from the way out. Every screen is axe-clean.
import { describe, expect, it } from 'vitest';

import { e2eAvailability, expectAccessible } from './support/browser.ts';
import {
  createRideViaApi,
  expectPath,
  expectToast,
  registerViaApi,
  singaporeInputValue,
  username,
} from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

if (availability.run) {
  describe('return trip on a phone', () => {
    const phones = usePhones();
    const phone = () => phones.phone();

    it('A plans the return from the outbound; B is told and joins it in one tap with their stop', async () => {
      const organiser = await phone();
      await registerViaApi(organiser, username('a'), { name: 'Aisha' });
      const outbound = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        maxPassengers: 6,
        organizerPassengerCount: 2,
        pickupLocation: 'Pasir Ris MRT',
        dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 2 }],
      });

      const rider = await phone();
      await registerViaApi(rider, username('b'), { name: 'Ben' });
      const joined = await rider.request.post(`/api/rides/${outbound.id}/join`, {
        data: { passengerCount: 2, dropoffLocation: 'Bedok Mall' },
      });
      expect(joined.status()).toBe(201);

      // A: from the outbound to the prefilled create form.
      const page = await organiser.newPage();
      await page.goto(`/rides/${outbound.id}`);
      const plan = page.getByRole('link', { name: 'Plan the return' });
      await plan.waitFor();
      expect((await plan.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await expectAccessible(page, 'outbound detail with Plan the return');
      await plan.tap();
      await expectPath(page, /^\/rides\/create$/);
      expect(new URL(page.url()).searchParams.get('returnOf')).toBe(String(outbound.id));

      const form = page.getByRole('form', { name: 'Create Ride' });
      await form.waitFor();
      await page.getByText(/^The return of your Singapore to Forest City ride on /).waitFor();
      // Opposite direction; the SG->FC pickup is now the FC->SG drop-off; same seats and party.
      expect(await form.getByRole('radio', { name: 'Forest City to Singapore' }).isChecked()).toBe(true);
      await expect(form.getByLabel('Your Drop-off Location in Singapore').inputValue()).resolves.toBe('Pasir Ris MRT');
      await expect(form.getByLabel('Maximum total passengers').inputValue()).resolves.toBe('6');
      await expect(form.getByLabel('Number of passengers at your location').inputValue()).resolves.toBe('2');
      // The date is A's to pick.
      const date = form.getByLabel('Date and time (Singapore time)');
      await expect(date.inputValue()).resolves.toBe('');
      await expectAccessible(page, 'return form');
      await date.fill(singaporeInputValue(5, '18:00'));
      await form.getByRole('button', { name: 'Create Ride' }).tap();
      await expectToast(page, 'Ride created successfully');
      await expectPath(page, /^\/rides\/\d+$/);
      const returnId = Number(new URL(page.url()).pathname.split('/').pop());
      expect(returnId).not.toBe(outbound.id);
      const created = await (await organiser.request.get(`/api/rides/${returnId}`)).json();
      expect(created).toMatchObject({
        direction: 'FC->SG',
        returnOf: outbound.id,
        maxPassengers: 6,
        organizerPassengerCount: 2,
        pickupLocation: 'Forest City',
        dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 2 }],
      });

      // Back on the outbound, A sees the return planned and is offered no second one.
      await page.goto(`/rides/${outbound.id}`);
      await page.getByRole('heading', { name: /^Return trip planned: / }).waitFor();
      expect(await page.getByRole('link', { name: 'Plan the return' }).count()).toBe(0);

      // B: the inbox says so and leads to the return.
      const riderPage = await rider.newPage();
      await riderPage.goto('/inbox');
      const entry = riderPage.getByRole('listitem').filter({ hasText: 'Plan your return trip' });
      await entry.waitFor();
      await expect(entry.textContent()).resolves.toMatch(
        /Need a ride back after your Singapore → Forest City ride on /,
      );
      await expectAccessible(riderPage, 'inbox with the return trip');
      await entry.getByRole('link', { name: 'View ride' }).tap();
      await expectPath(riderPage, new RegExp(`^/rides/${returnId}$`));
      await riderPage.getByRole('heading', { name: 'The return of your ride' }).waitFor();
      await riderPage.getByRole('button', { name: 'Join the return' }).waitFor();
      await expectAccessible(riderPage, 'return detail for a passenger of the outbound');

      // On the outbound: "Return trip planned: <date>" and "Join the return".
      await riderPage.goto(`/rides/${outbound.id}`);
      const card = riderPage.getByRole('region', { name: /^Return trip planned: / });
      await card.waitFor();
      await expect(card.textContent()).resolves.toMatch(/Forest City to Singapore/);
      await expectAccessible(riderPage, 'outbound detail with the return planned');
      const joinReturn = card.getByRole('button', { name: 'Join the return' });
      expect((await joinReturn.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await joinReturn.tap();

      // The join page of the return, their stop and party filled in: one tap.
      await expectPath(riderPage, new RegExp(`^/rides/${returnId}/join$`));
      const joinForm = riderPage.getByRole('form', { name: 'Join ride' });
      await joinForm.waitFor();
      await expect(joinForm.getByLabel('Your drop-off location in Singapore').inputValue()).resolves.toBe('Bedok Mall');
      await expect(joinForm.getByLabel('Number of passengers (including you)').inputValue()).resolves.toBe('2');
      await expectAccessible(riderPage, 'join page of the return, prefilled');
      await joinForm.getByRole('button', { name: 'Join Ride' }).tap();
      await expectToast(riderPage, 'You have joined the ride');

      const passengers = await (await organiser.request.get(`/api/rides/${returnId}/passengers`)).json();
      expect(passengers).toHaveLength(1);
      expect(passengers[0]).toMatchObject({ dropoffLocation: 'Bedok Mall', passengerCount: 2 });
    });
  });
}
