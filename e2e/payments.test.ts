// Paying the organiser on a phone (375 px, touch; issue 13, part 3): the passenger sees their
// share, the PayNow QR with its amount and reference and says "I've paid"; the organiser sees it,
// marks it paid, and the totals follow.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { e2eAvailability, expectAccessible } from './support/browser.ts';
import { createRideViaApi, expectToast, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

describe('paying the organiser on a phone', () => {
  if (!availability.run) {
    it(`cannot run here: ${availability.reason}`, () => {
      expect(availability.run).toBe(false);
    });
    return;
  }

  const phones = usePhones({ serviceWorkers: 'allow' });
  const phone = () => phones.phone();

  it('passenger says they paid, the organiser confirms it, the totals update', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'), { revolutUsername: 'orgpays' });
    const ride = await createRideViaApi(organiser);
    const rider = await phone();
    await registerViaApi(rider, username('r'));
    const other = await phone();
    await registerViaApi(other, username('b'));
    for (const [context, count] of [
      [rider, 2],
      [other, 1],
    ] as const) {
      const joined = await context.request.post(`/api/rides/${ride.id}/join`, {
        data: { passengerCount: count, dropoffLocation: 'Pasir Ris MRT' },
      });
      expect(joined.status()).toBe(201);
    }

    // The passenger: 80 over the 4 aboard, for a party of two.
    const riderPage = await rider.newPage();
    await riderPage.goto(`/rides/${ride.id}`);
    await riderPage.getByRole('tab', { name: 'Passengers' }).click();
    const card = riderPage.locator('section', { has: riderPage.getByRole('heading', { name: 'Your payment' }) });
    await card.getByText('Unpaid', { exact: true }).waitFor();
    expect(await card.getByTestId('own-share').textContent()).toMatch(/\$40\.00/);
    const revolut = card.getByRole('link', { name: /Pay with Revolut/ });
    expect(await revolut.getAttribute('href')).toBe('https://revolut.me/orgpays');
    await card.getByRole('button', { name: 'Pay with PayNow' }).click();
    const qr = card.getByRole('img', { name: /PayNow QR code: pay \$40\.00 SGD/ });
    await qr.waitFor();
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d/);
    await card.getByText(`FCRS-${ride.id}`).first().waitFor();
    // Shown once (issue 37 §2): the QR's caption carries the reference.
    expect(await card.getByText(`FCRS-${ride.id}`).count()).toBe(1);
    await expectAccessible(riderPage, 'passenger payment with the PayNow QR');
    // The payer's own phone cannot scan its screen: the QR is saved as an image for the banking
    // app's gallery scan, and the number copied for its PayNow field.
    const download = riderPage.waitForEvent('download');
    await card.getByRole('button', { name: 'Save QR' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`paynow-FCRS-${ride.id}.png`);
    const file = join(mkdtempSync(join(tmpdir(), 'fc-paynow-')), saved.suggestedFilename());
    await saved.saveAs(file);
    const image = readFileSync(file);
    expect(image.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(image.length).toBeGreaterThan(1_000);
    await expectToast(riderPage, 'QR saved');
    await rider.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(riderPage.url()).origin });
    await card.getByRole('button', { name: 'Copy PayNow number' }).click();
    await expectToast(riderPage, 'PayNow number copied');
    expect(await riderPage.evaluate(() => navigator.clipboard.readText())).toMatch(/^[89]\d{7}$/);

    await card.getByRole('button', { name: "I've paid" }).click();
    await expectToast(riderPage, 'Payment sent');
    // The toast sits under the header, over nothing the passenger taps next (issue 37 §6).
    const toastBox = (await riderPage.getByText('Payment sent').first().boundingBox())!;
    const headerBox = (await riderPage.locator('header').first().boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    const undoBox = (await card.getByRole('button', { name: "I haven't paid yet" }).boundingBox())!;
    expect(toastBox.y + toastBox.height <= undoBox.y || undoBox.y + undoBox.height <= toastBox.y).toBe(true);
    // Fields a finger can hit: the menu's language choice too.
    await riderPage.getByRole('button', { name: 'Open menu' }).click();
    expect((await riderPage.getByRole('combobox', { name: 'Language' }).boundingBox())!.height).toBeGreaterThanOrEqual(
      44,
    );
    await riderPage.getByRole('button', { name: 'Close menu' }).click();
    await card.getByText('Says paid', { exact: true }).waitFor();
    await card.getByRole('button', { name: "I haven't paid yet" }).waitFor();

    // The organiser sees the claim, marks it paid, and the collected total follows.
    const organiserPage = await organiser.newPage();
    await organiserPage.goto(`/rides/${ride.id}`);
    await organiserPage.getByRole('tab', { name: 'Passengers' }).click();
    const payments = organiserPage.locator('section', {
      has: organiserPage.getByRole('heading', { name: 'Payments', exact: true }),
    });
    const collected = payments.getByTestId('payments-collected');
    await collected.waitFor();
    expect(await collected.textContent()).toMatch(/Collected \$0\.00 SGD of \$60\.00 SGD/);
    const riderRow = payments.locator('li', { hasText: 'Says paid' });
    await riderRow.waitFor();
    await expectAccessible(organiserPage, 'organiser payments');
    await riderRow.getByRole('button', { name: /^Mark paid/ }).click();
    await expectToast(organiserPage, 'Payment confirmed');
    await organiserPage.waitForFunction(() =>
      /Collected \$40\.00 SGD/.test(document.querySelector('[data-testid="payments-collected"]')?.textContent ?? ''),
    );
    await payments.getByRole('button', { name: /^Mark unpaid/ }).waitFor();

    // Reminding the one still unpaid.
    await payments.getByRole('button', { name: 'Remind unpaid' }).click();
    await expectToast(organiserPage, 'Reminded 1 passenger to pay');

    // The passenger, on reload, reads the confirmation.
    await riderPage.reload();
    await riderPage.getByRole('tab', { name: 'Passengers' }).click();
    await card.getByText('Paid', { exact: true }).waitFor();
    await card.getByText(/confirmed your payment/).waitFor();
    await expectAccessible(riderPage, 'passenger payment confirmed');

    // At the border with no signal: the status and the share read from the saved copy.
    await riderPage.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
        );
      }
    });
    // The persister writes the cache a moment after the last change.
    await riderPage.waitForTimeout(1_500);
    await riderPage.close();
    await rider.setOffline(true);
    try {
      const offline = await rider.newPage();
      await offline.goto(`/rides/${ride.id}`);
      await offline.getByRole('tab', { name: 'Passengers' }).click();
      const saved = offline.locator('section', { has: offline.getByRole('heading', { name: 'Your payment' }) });
      await saved.getByText('Paid', { exact: true }).waitFor();
      expect(await saved.getByTestId('own-share').textContent()).toMatch(/\$40\.00/);
    } finally {
      await rider.setOffline(false);
    }
  });
  // Issue 37 §2: money paid stays what it was through a join, a refund and a hand-over.
  it('keeps an overpayment and a hand-over straight on both sides', async () => {
    const organiser = await phone();
    const organiserName = username('o');
    await registerViaApi(organiser, organiserName);
    const ride = await createRideViaApi(organiser);
    const rider = await phone();
    await registerViaApi(rider, username('r'));
    const late = await phone();
    const lateName = username('l');
    const lateUser = await registerViaApi(late, lateName);
    const post = async (context: typeof rider, path: string, data: Record<string, unknown> = {}) => {
      const answer = await context.request.post(path, { data });
      expect(answer.status(), `${path}: ${await answer.text()}`).toBeLessThan(300);
      return answer.json();
    };
    // The organiser and a party of two: $80 over 3, the party owes $53.34, paid and confirmed.
    const seat = await post(rider, `/api/rides/${ride.id}/join`, {
      passengerCount: 2,
      dropoffLocation: 'Pasir Ris MRT',
    });
    await post(rider, `/api/rides/${ride.id}/payment/claim`);
    await post(organiser, `/api/rides/${ride.id}/passengers/${seat.passengerId}/payment`, { paid: true });
    // Someone joins: 4 aboard, $20 each, the party's share is now $40.
    await post(late, `/api/rides/${ride.id}/join`, { passengerCount: 1, dropoffLocation: 'Pasir Ris MRT' });

    const riderPage = await rider.newPage();
    await riderPage.goto(`/rides/${ride.id}?tab=passengers`);
    const card = riderPage.locator('section', { has: riderPage.getByRole('heading', { name: 'Your payment' }) });
    await expect
      .poll(() => card.getByTestId('money-change').textContent(), { timeout: 15_000 })
      .toBe('Paid $53.34 SGD · your share is now $40.00 SGD · $13.34 SGD to come back');

    const organiserPage = await organiser.newPage();
    await organiserPage.goto(`/rides/${ride.id}?tab=passengers`);
    const payments = organiserPage.locator('section', {
      has: organiserPage.getByRole('heading', { name: 'Payments', exact: true }),
    });
    await expect
      .poll(() => payments.getByTestId('owe-back').textContent(), { timeout: 15_000 })
      .toBe('You owe this passenger $13.34 SGD back');
    expect(await payments.getByTestId('payments-collected').textContent()).toMatch(/Collected \$53\.34 SGD/);
    await expectAccessible(organiserPage, 'organiser owes a passenger money back');
    await payments.getByRole('button', { name: /^Refunded: / }).click();
    await expectToast(organiserPage, 'Refund recorded');
    await payments.getByText('Refunded $13.34 SGD').waitFor();
    expect(await payments.getByTestId('owe-back').count()).toBe(0);

    // The organiser hands the ride over to the late joiner: the party's $40 stays paid to them.
    await post(organiser, `/api/rides/${ride.id}/handover`, { toUserId: lateUser.user?.id ?? lateUser.id });
    await post(late, `/api/rides/${ride.id}/handover/accept`);
    const newOrganiserPage = await late.newPage();
    await newOrganiserPage.goto(`/rides/${ride.id}?tab=passengers`);
    const held = newOrganiserPage.getByTestId('held-elsewhere');
    await expect
      .poll(() => held.textContent(), { timeout: 15_000 })
      .toBe(`${organiserName} Tan holds $40.00 SGD paid to them for this ride: settle it with them.`);
    await newOrganiserPage.getByTestId('paid-elsewhere').getByText(`$40.00 SGD paid to ${organiserName} Tan`).waitFor();
    await expectAccessible(newOrganiserPage, 'new organiser sees money held by the old one');

    // The party, now 3 aboard, owes $53.34 and has paid $40 to the old organiser.
    await riderPage.reload();
    await expect
      .poll(() => card.getByTestId('money-change').textContent(), { timeout: 15_000 })
      .toMatch(/^Paid \$40\.00 SGD · your share is now \$53\.34 SGD · \$13\.34 SGD to pay/);
    await card.getByRole('button', { name: "I've paid the difference" }).waitFor();
  });
});
