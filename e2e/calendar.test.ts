// "Add to calendar" on a phone (375 x 812, touch): the organiser and a passenger see the button
// on the ride's detail, it downloads fc-rideshare-ride-<id>.ics, and the file parses as one
// event at the ride's instant; a member who is not on the ride does not see the button.
import { text } from 'node:stream/consumers';

import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { e2eAvailability, expectAccessible } from './support/browser.ts';
import { createRideViaApi, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

async function downloadCalendar(page: Page, rideId: number): Promise<string> {
  const button = page.getByRole('button', { name: 'Add to calendar' });
  await button.waitFor({ state: 'visible', timeout: 10_000 });
  const box = (await button.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  // Inside the 375 px screen, not pushed off its edge.
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), button.tap()]);
  expect(download.suggestedFilename()).toBe(`fc-rideshare-ride-${rideId}.ics`);
  // Streamed, not read from download.path(): the browser may be the run's shared one, elsewhere.
  return text(await download.createReadStream());
}

describe.skipIf(!availability.run)('add a ride to the calendar on a phone', () => {
  const phones = usePhones();
  const phone = () => phones.phone();

  it('organiser and passenger download an .ics that parses to the ride; others see no button', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('calo'), { name: 'Olivia' });
    const date = new Date(Date.now() + 4 * 86_400_000);
    date.setUTCSeconds(0, 0);
    const ride = await createRideViaApi(organiser, {
      direction: 'SG->FC',
      date: date.toISOString(),
      pickupLocation: 'Pasir Ris MRT',
    });

    const page = await organiser.newPage();
    await page.goto(`/rides/${ride.id}`);
    const text = await downloadCalendar(page, ride.id);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.uid).toMatch(new RegExp(`^ride-${ride.id}@`));
    expect(event.summary).toBe('Ride to Forest City');
    expect(event.location).toBe('Pasir Ris MRT');
    expect(event.startDate.toJSDate().toISOString()).toBe(date.toISOString());
    expect(event.description).toContain(`/rides/${ride.id}`);
    expect(
      vevent
        .getAllSubcomponents('valarm')
        .map((alarm) => String(alarm.getFirstPropertyValue('trigger')))
        .sort(),
    ).toEqual(['-P1D', '-PT2H']);
    await expectAccessible(page, 'ride detail with Add to calendar');

    const passenger = await phone();
    await registerViaApi(passenger, username('calp'), { name: 'Priya' });
    const joined = await passenger.request.post(`/api/rides/${ride.id}/join`, {
      data: { dropoffLocation: 'Tampines MRT', passengerCount: 1 },
    });
    expect(joined.status()).toBe(201);
    const passengerPage = await passenger.newPage();
    await passengerPage.goto(`/rides/${ride.id}`);
    const passengerText = await downloadCalendar(passengerPage, ride.id);
    const passengerEvent = new ICAL.Event(
      new ICAL.Component(ICAL.parse(passengerText)).getFirstSubcomponent('vevent')!,
    );
    expect(passengerEvent.uid).toBe(event.uid);
    // The join changed the stop order the event shows.
    expect(passengerEvent.sequence).toBeGreaterThan(event.sequence);
    expect(passengerEvent.description).toContain('Tampines MRT');

    const stranger = await phone();
    await registerViaApi(stranger, username('cals'), { name: 'Sam' });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`/rides/${ride.id}`);
    await strangerPage
      .getByRole('heading', { name: 'Singapore to Forest City' })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await strangerPage.getByRole('button', { name: 'Share' }).waitFor({ state: 'visible' });
    expect(await strangerPage.getByRole('button', { name: 'Add to calendar' }).count()).toBe(0);

    await Promise.all([organiser.close(), passenger.close(), stranger.close()]);
  });
});
