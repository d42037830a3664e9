// The waitlist on a phone (375 px, issue 13 part 2): a full ride offers "Join waitlist" instead of
// a dead end; the member queues with party size and drop-off and sees "#1"; when a passenger
// leaves, the member is moved onto the ride in that same transaction and, on reload, sees that
// they have joined. The organiser sees who waits. Every screen is axe-clean.
import { describe, expect, it } from 'vitest';

import { e2eAvailability, expectAccessible } from './support/browser.ts';
import { createRideViaApi, expectToast, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('waitlist on a phone', () => {
  const phones = usePhones();
  const phone = () => phones.phone();

  it('full ride: a member joins the waitlist and sees #1; a passenger leaves; on reload the member is on the ride', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'), { name: 'Olivia' });
    const ride = await createRideViaApi(organiser, { direction: 'SG->FC', maxPassengers: 2 });

    const carol = await phone();
    await registerViaApi(carol, username('carol'), { name: 'Carol' });
    const joined = await carol.request.post(`/api/rides/${ride.id}/join`, {
      data: { dropoffLocation: 'Tampines MRT', passengerCount: 1 },
    });
    expect(joined.status()).toBe(201);

    const sam = await phone();
    await registerViaApi(sam, username('sam'), { name: 'Sam' });
    const page = await sam.newPage();
    await page.goto(`/rides/${ride.id}`);
    await page.getByText('This ride is full. Join the waitlist').waitFor();
    // No join form on a full ride: the waitlist takes its place.
    expect(await page.getByRole('form', { name: 'Join ride' }).count()).toBe(0);
    const form = page.getByRole('form', { name: 'Join waitlist' });
    await form.getByLabel('Number of passengers (including you)').fill('1');
    await form.getByLabel('Your pickup location in Singapore').fill('Bedok Mall');
    await expectAccessible(page, 'waitlist form on a full ride');
    await form.getByRole('button', { name: 'Join waitlist' }).tap();
    await expectToast(page, 'You are #1 on the waitlist');
    await page.getByText('You are #1 on the waitlist').first().waitFor();
    const leaveButton = page.getByRole('button', { name: 'Leave waitlist' });
    const box = (await leaveButton.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, 'place on the waitlist');

    // The organiser sees who waits.
    const organiserPage = await organiser.newPage();
    await organiserPage.goto(`/rides/${ride.id}`);
    const queue = organiserPage.getByRole('region', { name: 'Waitlist' });
    await queue.getByText('#1 Sam').waitFor();
    await queue.getByText('1 passenger').waitFor();
    await expectAccessible(organiserPage, 'organiser waitlist');
    await organiser.close();

    // Carol leaves: her seat goes to Sam in the same transaction.
    const passengers = await carol.request.get(`/api/rides/${ride.id}/passengers`);
    const carolEntry = (await passengers.json()).find((p: { user: { name?: string } }) => p.user?.name === 'Carol');
    expect((await carol.request.delete(`/api/rides/${ride.id}/passengers/${carolEntry.id}`)).status()).toBe(200);
    await carol.close();

    await page.reload();
    await page.getByRole('heading', { name: "You've Joined" }).waitFor();
    expect(await page.getByText('You are #1 on the waitlist').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Leave waitlist' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Passengers' }).tap();
    await page.getByText('Bedok Mall').first().waitFor();
    await expectAccessible(page, 'promoted member');
    await sam.close();
  });
});
