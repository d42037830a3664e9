import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import { e2eAvailability, expectAccessible, launchChromium, newAppContext } from './support/browser.ts';
import { createRideViaApi, expectPath, expectToast, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

// Each price text is on screen, once, inside `scope`.
async function expectPriceTexts(scope: Locator | Page, texts: string[]) {
  for (const text of texts) {
    await scope.getByText(text, { exact: true }).waitFor();
    expect(await scope.getByText(text, { exact: true }).count(), text).toBe(1);
  }
  // None of the old wordings ('$80 per person', '… per person when the car is full').
  expect(await scope.getByText(/SGD per person|\d per person|when the car is full/).count()).toBe(0);
}

describe.skipIf(!availability.run)('one price and the Joined badge, on a phone', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function phone() {
    // 375 × 812 with touch (e2e/support/browser.ts).
    const context = await newAppContext(browser, 'phone', app.url);
    contexts.push(context);
    return context;
  }

  it('shows one price on card, detail and join page, joins a party of 2 from the join page, and the card says Joined', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'));
    const ride = await createRideViaApi(organiser, { direction: 'SG->FC', maxPassengers: 4 });
    // Someone already aboard with a stop of their own: 2 of 4 aboard, 1 additional stop.
    const early = await phone();
    await registerViaApi(early, username('e'));
    const early201 = await early.request.post(`/api/rides/${ride.id}/join`, {
      data: { dropoffLocation: 'Bedok Mall', passengerCount: 1 },
    });
    expect(early201.status()).toBe(201);

    // The one share rule (ADR 0016): (80 + 5) / 2 aboard = $42.50 now; (80 + 5) / 4 seats = $21.25.
    const before = [
      'now: $42.50 SGD each (2 aboard, stops included)',
      'if full: $21.25 SGD each',
      '+$5 SGD for 1 additional stop',
    ];

    const member = await phone();
    await registerViaApi(member, username('m'));
    const page = await member.newPage();
    await page.goto('/home');
    const card = page.locator(`#ride-${ride.id}`);
    await card.waitFor();
    await expectPriceTexts(card, before);
    await card.getByText('2 / 4 passengers').waitFor();
    await card.getByRole('link', { name: 'Join' }).waitFor();

    // The detail page's cost breakdown says the same.
    await card.getByRole('link', { name: 'Singapore to Forest City' }).tap();
    await expectPath(page, new RegExp(`^/rides/${ride.id}$`));
    await page.getByRole('heading', { name: 'Cost breakdown' }).waitFor();
    await expectPriceTexts(page.getByRole('region', { name: 'Ride information' }), before);

    // And so does the join page, reached from the card's Join badge.
    await page.goBack();
    await expectPath(page, /^\/home$/);
    await page.locator(`#ride-${ride.id}`).getByRole('link', { name: 'Join' }).tap();
    await expectPath(page, new RegExp(`^/rides/${ride.id}/join$`));
    await page.getByRole('form', { name: 'Join ride' }).waitFor();
    await expectPriceTexts(page.getByRole('form', { name: 'Join ride' }), before);
    await page.getByText('2 / 4 passengers · 2 spots left').waitFor();

    // A party of 2: the field starts at 1 and goes up to the spots left.
    const party = page.getByLabel('Number of passengers (including you)');
    await expect(party.inputValue()).resolves.toBe('1');
    await expect(party.getAttribute('max')).resolves.toBe('2');
    await party.tap();
    await party.fill('3');
    await page.getByLabel('Your pickup location in Singapore').fill('Tampines MRT');
    await page.getByRole('button', { name: 'Join Ride' }).tap();
    await page.getByText('Number must be less than or equal to 2').waitFor();
    await expectToast(page, 'Only 2 spots remaining');
    await party.fill('2');
    await expectAccessible(page, 'join page with party size');
    const joined = page.waitForResponse((response) => response.url().endsWith(`/api/rides/${ride.id}/join`));
    await page.getByRole('button', { name: 'Join Ride' }).tap();
    const answer = await joined;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({
      rideId: ride.id,
      passengerCount: 2,
      dropoffLocation: 'Tampines MRT',
    });
    await expectToast(page, 'You have joined the ride');
    await expectPath(page, /^\/home$/);

    // Home: the ride is full now, and the card says Joined (Joined comes before Full).
    const after = page.locator(`#ride-${ride.id}`);
    await after.getByText('4 / 4 passengers').waitFor();
    await after.getByText('Joined', { exact: true }).waitFor();
    expect(await after.getByText('Full', { exact: true }).count()).toBe(0);
    expect(await after.getByRole('link', { name: 'Join' }).count()).toBe(0);
    // Full, the two figures are one: (80 + 2 × 5) / 4 = $22.50 (it read "now: $20" beside it).
    await expectPriceTexts(after, [
      'now: $22.50 SGD each (4 aboard, stops included)',
      'if full: $22.50 SGD each',
      '+$10 SGD for 2 additional stops',
    ]);
    await expectAccessible(page, 'home with a joined ride');

    // And under My Rides, in 'Rides You Joined'.
    await page.getByRole('tab', { name: 'My Rides' }).tap();
    const joinedSection = page.getByRole('region', { name: 'Rides You Joined' });
    await joinedSection.getByText('Joined', { exact: true }).waitFor();

    // The organiser's own card: Full comes before Your Ride (SPEC §4).
    const organiserPage = await organiser.newPage();
    await organiserPage.goto('/home');
    await organiserPage.locator(`#ride-${ride.id}`).getByText('Full', { exact: true }).waitFor();
  });

  // Issue 37 §2: "Clementi MRT Station, Exit B" was charged +$5 as an extra stop against the
  // pickup "Clementi MRT Station, Exit B (beside the taxi stand)".
  it('charges no extra stop for a passenger at the pickup, typed or chosen on the join page', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'));
    const pickup = 'Clementi MRT Station, Exit B (beside the taxi stand)';
    const ride = await createRideViaApi(organiser, { direction: 'SG->FC', maxPassengers: 4, pickupLocation: pickup });

    const typed = await phone();
    await registerViaApi(typed, username('t'));
    const page = await typed.newPage();
    await page.goto(`/rides/${ride.id}/join`);
    const form = page.getByRole('form', { name: 'Join ride' });
    await form.waitFor();
    await page.getByLabel('Your pickup location in Singapore').fill('Clementi MRT Station, Exit B');
    await page.getByRole('button', { name: 'Join Ride' }).tap();
    await expectToast(page, 'You have joined the ride');

    const chosen = await phone();
    await registerViaApi(chosen, username('c'));
    const second = await chosen.newPage();
    await second.goto(`/rides/${ride.id}/join`);
    const choices = second.getByRole('group', { name: "Same as the organiser's pickup" });
    await choices.getByRole('button', { name: pickup }).tap();
    await expect(second.getByLabel('Your pickup location in Singapore').inputValue()).resolves.toBe(pickup);
    // Two aboard at the pickup already: no stop has been added to the fare.
    expect(
      await second
        .getByRole('form', { name: 'Join ride' })
        .getByText(/additional stop/)
        .count(),
    ).toBe(0);
    await expectAccessible(second, 'join page with the pickup to choose');
    await second.getByRole('button', { name: 'Join Ride' }).tap();
    await expectToast(second, 'You have joined the ride');

    await second.goto(`/rides/${ride.id}`);
    const info = second.getByRole('region', { name: 'Ride information' });
    await info.getByRole('heading', { name: 'Cost breakdown' }).waitFor();
    expect(await info.getByText('Additional stops').count()).toBe(0);
    const answer = await (await chosen.request.get(`/api/rides/${ride.id}`)).json();
    expect(answer).toMatchObject({ additionalStops: 0, currentPassengers: 3 });
  });
});
