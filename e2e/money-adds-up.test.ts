// Money that adds up (issue 21 §2, ADR 0016), on a phone (375 × 812, touch): for a ride with 3
// additional stops, the card, the detail page, the organiser's payments card, the passenger's
// payment card and the amount inside the PayNow QR all say the one share rule's figures, and the
// organiser is told the exact rest of the car's total. A ride booked with the recommended $75 SGD
// driver costs 75. Every amount on those screens and the guide is written one way, "$X.XX SGD"
// (issue 37).
import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { e2eAvailability } from './support/browser.ts';
import { createRideViaApi, expectPath, registerViaApi, singaporeInputValue, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

// SGD text on screen ('$79.15 SGD') as cents.
function centsIn(text: string | null, label: RegExp): number {
  const match = (text ?? '').match(label);
  if (!match) throw new Error(`${label} not found in ${JSON.stringify(text)}`);
  return Math.round(Number(match[1]!.replace(/,/g, '')) * 100);
}

// The QR as drawn (one "M{x} {y}h1v1h-1z" square per dark module), back to pixels, read by a QR
// reader, and its EMVCo fields: 54 is the amount.
async function qrAmount(qr: Locator): Promise<string> {
  const [viewBox, path] = await Promise.all([qr.getAttribute('viewBox'), qr.locator('path').getAttribute('d')]);
  const size = Number(viewBox!.split(' ')[2]);
  const scale = 4;
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of path!.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        data[at] = data[at + 1] = data[at + 2] = 0;
      }
    }
  }
  const text = jsQR(data, width, width)?.data;
  if (!text) throw new Error('the PayNow QR did not decode');
  for (let at = 0; at < text.length;) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (id === '54') return text.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  throw new Error(`no amount in ${text}`);
}

// Issue 37: every amount in `scope` is written "$… SGD" (no "S$82", no bare "$82"), at least
// one of them to the cent, and the page fits the phone's 375 px.
async function expectMoneyOneWay(page: Page, scope: Locator, where: string) {
  const text = await scope.innerText();
  expect(text, where).not.toContain('S$');
  const amounts = [...text.matchAll(/\$[\d,]+(?:\.\d+)?/g)];
  expect(amounts.length, `${where}: amounts`).toBeGreaterThan(0);
  const bare = amounts.filter((amount) => !text.startsWith(' SGD', amount.index + amount[0].length));
  expect(
    bare.map((amount) => text.slice(amount.index, amount.index + amount[0].length + 12)),
    where,
  ).toEqual([]);
  expect(text, where).toMatch(/\$[\d,]+\.\d{2} SGD/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where}: width`).toBeLessThanOrEqual(375);
}

describe.skipIf(!availability.run)('money that adds up, on a phone', () => {
  const phones = usePhones();

  it('a ride with 3 stops reads the same figures on the card, the detail page, both payment cards and the QR', async () => {
    const organiser = await phones.phone();
    await registerViaApi(organiser, username('o'));
    const ride = await createRideViaApi(organiser, { maxPassengers: 6 });
    // 6 aboard (the organiser, parties of 2, 1 and 2), 3 stops: 80 + 15 = 95 over 6 is 15.83 each.
    const riders = [];
    for (const [party, stop] of [
      [2, 'Tampines MRT'],
      [1, 'Bedok MRT'],
      [2, 'Changi Airport'],
    ] as const) {
      const rider = await phones.phone();
      await registerViaApi(rider, username('r'));
      const joined = await rider.request.post(`/api/rides/${ride.id}/join`, {
        data: { passengerCount: party, dropoffLocation: stop },
      });
      expect(joined.status()).toBe(201);
      riders.push(rider);
    }
    const figures = [
      'now: $15.83 SGD each (6 aboard, stops included)',
      'if full: $15.83 SGD each',
      '+$15 SGD for 3 additional stops',
    ];

    // The card on Home, then the detail page's cost breakdown, as a passenger reads them.
    const page = await riders[0]!.newPage();
    await page.goto('/home');
    const card = page.locator(`#ride-${ride.id}`);
    for (const text of figures) await card.getByText(text, { exact: true }).waitFor({ timeout: 10_000 });
    await page.goto(`/rides/${ride.id}`);
    const info = page.getByRole('region', { name: 'Ride information' });
    for (const text of figures) await info.getByText(text, { exact: true }).waitFor({ timeout: 10_000 });

    // The passenger's share for a party of 2, and the same amount inside the PayNow QR.
    await page.getByRole('tab', { name: 'Passengers' }).tap();
    const pay = page.locator('section', { has: page.getByRole('heading', { name: 'Your payment' }) });
    await pay.getByTestId('own-share').waitFor();
    expect(await pay.getByTestId('own-share').textContent()).toBe('$31.66 SGD');
    await pay.getByText(/2 people × \$15\.83 SGD each: the car's total, stops included/).waitFor();
    await pay.getByRole('button', { name: 'Pay with PayNow' }).tap();
    const qr = pay.getByTestId('paynow-qr');
    await qr.waitFor();
    expect(await qrAmount(qr)).toBe('31.66');

    // The organiser: what the passengers owe (31.66 + 15.83 + 31.66) and the exact rest of 95.
    const organiserPage = await organiser.newPage();
    await organiserPage.goto(`/rides/${ride.id}`);
    await organiserPage.getByRole('tab', { name: 'Passengers' }).tap();
    const collected = organiserPage.getByTestId('payments-collected');
    await collected.waitFor();
    const expected = centsIn(await collected.textContent(), /of \$([\d.,]+) SGD from passengers/);
    expect(expected).toBe(7915);
    const rest = await organiserPage.getByTestId('own-remainder').textContent();
    const carCost = centsIn(rest, /The car costs \$([\d.,]+) SGD/);
    const own = centsIn(rest, /your own share is the rest: \$([\d.,]+) SGD/);
    expect(carCost).toBe(9500);
    expect(own).toBe(carCost - expected);
    expect(own).toBe(1585);
    const rows = organiserPage.getByRole('list', { name: 'Payments by passenger' }).getByRole('listitem');
    expect((await rows.allTextContents()).map((row) => row.match(/\$([\d.]+) SGD/)![1])).toEqual([
      '31.66',
      '15.83',
      '31.66',
    ]);
  });

  it('choosing the recommended $75 SGD driver makes the ride cost 75', async () => {
    const organiser = await phones.phone();
    await registerViaApi(organiser, username('d'));
    const page = await organiser.newPage();
    await page.goto('/rides/create');
    const cost = page.getByLabel('Car cost (SGD)');
    await cost.waitFor({ timeout: 10_000 });
    expect(await cost.inputValue()).toBe('80');
    const driver = page.getByLabel('Driver you booked (optional)');
    await driver.locator('option', { hasText: 'Uncle Lim' }).waitFor({ state: 'attached' });
    await driver.selectOption({ label: 'Uncle Lim · Toyota Alphard' });
    expect(await cost.inputValue()).toBe('75');
    await page.getByText('Uncle Lim: $75 SGD per trip. The car cost below starts at this price.').waitFor();
    await page.getByText(/Choosing a recommended driver sets their price; you can still change it/).waitFor();
    await page.getByLabel('Date and time (Singapore time)').fill(singaporeInputValue(4));
    await page.getByLabel('Your Pickup Location in Singapore').fill('Pasir Ris MRT');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/rides') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create Ride' }).tap();
    const created = await (await saved).json();
    expect(created.cost).toBe(75);
    await expectPath(page, new RegExp(`^/rides/${created.id}$`));
    const info = page.getByRole('region', { name: 'Ride information' });
    await info.getByText('now: $75.00 SGD each (1 aboard)', { exact: true }).waitFor();
    // The recommended drivers on the form say their seats and prices from the catalogue.
    await page.goto('/rides/create');
    await page.getByText('$75 SGD per trip, plus $5 SGD for each additional stop · 6 seats').waitFor();
  });

  it('writes every amount "$X.XX SGD" on the ride page, the payment card, the join page and the guide', async () => {
    const organiser = await phones.phone();
    await registerViaApi(organiser, username('w'));
    const ride = await createRideViaApi(organiser, { maxPassengers: 4 });
    const rider = await phones.phone();
    await registerViaApi(rider, username('p'));
    expect(
      (
        await rider.request.post(`/api/rides/${ride.id}/join`, {
          data: { passengerCount: 2, dropoffLocation: 'Bedok MRT' },
        })
      ).status(),
    ).toBe(201);

    // The ride page's details, as a passenger reads them: (80 + 5) over 3 aboard.
    const page = await rider.newPage();
    await page.goto(`/rides/${ride.id}`);
    const info = page.getByRole('region', { name: 'Ride information' });
    await info.getByText('now: $28.33 SGD each (3 aboard, stops included)', { exact: true }).waitFor();
    await expectMoneyOneWay(page, page.locator('main'), 'ride page');

    // The passenger's payment card and its PayNow QR.
    await page.getByRole('tab', { name: 'Passengers' }).tap();
    const pay = page.locator('section', { has: page.getByRole('heading', { name: 'Your payment' }) });
    await pay.getByTestId('own-share').waitFor();
    await pay.getByRole('button', { name: 'Pay with PayNow' }).tap();
    await pay.getByRole('img', { name: /^PayNow QR code: pay \$56\.66 SGD to / }).waitFor();
    await pay.getByText('$56.66 SGD', { exact: true }).first().waitFor();
    await expectMoneyOneWay(page, pay, 'payment card');

    // The join page, for a member not aboard.
    const member = await phones.phone();
    await registerViaApi(member, username('j'));
    const join = await member.newPage();
    await join.goto(`/rides/${ride.id}/join`);
    const form = join.getByRole('form', { name: 'Join ride' });
    await form.getByText('A stop that is not on the route yet adds $5 SGD to the car, split the same way.').waitFor();
    await expectMoneyOneWay(join, join.locator('main'), 'join page');

    // The guide: the worked example, the drivers' quotes and PayNow as the preferred way to pay.
    await join.goto('/guide');
    const panel = join.getByRole('tabpanel', { name: 'Chartered Car' });
    await panel.getByText('$80 SGD per car, plus $5 SGD for each additional stop.', { exact: true }).waitFor();
    await panel.getByText('$75 SGD per trip', { exact: true }).waitFor();
    await panel.getByText(/PayNow \(preferred\):/).waitFor();
    await expectMoneyOneWay(join, panel, 'guide');
  });
});
