// The shared ride link on a phone (375 x 812, touch): leaving and removing ask first, the
// organiser locks the drop-off order after a confirm, unlocks it to place a late joiner, and
// every passenger wears a 'Stop #' badge where there is a stop to number: an FC->SG drop-off
// once locked, after the organiser's own (SG->FC pickups are not ordered, so not numbered).
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import { e2eAvailability, expectAccessible, launchChromium, newAppContext } from './support/browser.ts';
import { createRideViaApi, expectToast, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

// SPEC's 44 px touch target, as laid out.
async function expectTouchSize(button: Locator) {
  const box = (await button.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
}

// Each passenger card's name and its badge, in the order shown.
async function passengerStops(page: Page): Promise<Array<[string, string]>> {
  return page
    .getByRole('list', { name: 'Passengers' })
    .locator(':scope > li')
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector('p')?.textContent?.trim() ?? '',
        [...item.querySelectorAll('.badge')]
          .map((badge) => badge.textContent?.trim())
          .find((text) => text?.startsWith('Stop #')) ?? '',
      ]),
    );
}

async function sequenceNames(page: Page, rideId: number): Promise<string[]> {
  return page
    .getByTestId(`sequence-list-${rideId}`)
    .locator('li')
    .evaluateAll((nodes) => nodes.map((node) => node.querySelector('p')?.textContent?.trim() ?? ''));
}

// My Rides reads its lists, then each panel's ride and passengers, one after another: on a busy
// machine that takes longer than a poll's default second.
const expectSequence = (page: Page, rideId: number, names: string[]) =>
  expect.poll(() => sequenceNames(page, rideId), { timeout: 10_000 }).toEqual(names);

describe.skipIf(!availability.run)('ride detail on a phone: confirms, lock and unlock, stop badges', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function phone(): Promise<BrowserContext> {
    return newAppContext(browser, 'phone', app.url);
  }

  // A member who joins `rideId` through the api, with `name` as their display name.
  async function joined(rideId: number, name: string, stop: string): Promise<BrowserContext> {
    const context = await phone();
    await registerViaApi(context, username(name.toLowerCase()), { name });
    const answer = await context.request.post(`/api/rides/${rideId}/join`, {
      data: { dropoffLocation: stop, passengerCount: 1 },
    });
    expect(answer.status()).toBe(201);
    return context;
  }

  it('SG->FC: unnumbered pickups; Leave Ride asks, Esc keeps the seat, Leave says "You left the ride"; the organiser removes after a confirm', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'), { name: 'Olivia' });
    const ride = await createRideViaApi(organiser, { direction: 'SG->FC', maxPassengers: 5 });
    const carol = await joined(ride.id, 'Carol', 'Tampines MRT');
    const sam = await joined(ride.id, 'Sam', 'Bedok Mall');
    await carol.close();

    const page = await sam.newPage();
    await page.goto(`/rides/${ride.id}`);
    await page.getByRole('tab', { name: 'Passengers' }).tap();
    await page.getByRole('list', { name: 'Passengers' }).getByText('Carol').waitFor();
    expect(await passengerStops(page)).toEqual([
      ['Carol', ''],
      ['Sam', ''],
    ]);

    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(new URL(request.url()).pathname);
    });

    // Asks first, with the safe choice focused; Esc keeps the seat.
    await page.getByRole('button', { name: 'Leave Ride' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Leave this ride?' });
    await dialog.waitFor();
    await dialog.getByText('Your seat goes back to the ride.').waitFor();
    await expect
      .poll(() =>
        dialog.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement),
      )
      .toBe(true);
    await expectTouchSize(dialog.getByRole('button', { name: 'Cancel' }));
    await expectTouchSize(dialog.getByRole('button', { name: 'Leave', exact: true }));
    await expectAccessible(page, 'leave ride dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Cancel keeps it too.
    await page.getByRole('button', { name: 'Leave Ride' }).tap();
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    expect(deletes).toEqual([]);
    expect(await page.getByRole('button', { name: 'Leave Ride' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Leave Ride' }).tap();
    await dialog.getByRole('button', { name: 'Leave', exact: true }).tap();
    await expectToast(page, 'You left the ride');
    expect(await page.getByText('Passenger Removed').count()).toBe(0);
    await page.getByRole('button', { name: 'Leave Ride' }).waitFor({ state: 'detached' });
    await expect.poll(() => passengerStops(page)).toEqual([['Carol', '']]);
    expect(deletes).toHaveLength(1);
    await sam.close();

    // The organiser removes Carol: named in the question, SPEC's 'Passenger Removed' after.
    const organiserPage = await organiser.newPage();
    await organiserPage.goto(`/rides/${ride.id}`);
    await organiserPage.getByRole('tab', { name: 'Passengers' }).tap();
    await organiserPage.getByRole('button', { name: 'Remove Passenger Carol' }).tap();
    const remove = organiserPage.getByRole('dialog', { name: 'Remove Carol from this ride?' });
    await remove.getByText('They lose their seat and their stop.').waitFor();
    await remove.getByRole('button', { name: 'Remove', exact: true }).tap();
    await expectToast(organiserPage, 'Passenger Removed');
    await organiserPage.getByRole('heading', { name: 'No Passengers Yet' }).waitFor();
    await organiser.close();
  });

  it('FC->SG: Lock Sequence asks, then locks; Unlock lets a late joiner be moved; locking again numbers the new order', async () => {
    const organiser = await phone();
    await registerViaApi(organiser, username('o'), { name: 'Olivia' });
    const ride = await createRideViaApi(organiser, { direction: 'FC->SG', maxPassengers: 6 });
    for (const [name, stop] of [
      ['Ann', 'Bedok'],
      ['Ben', 'Clementi'],
    ]) {
      await (await joined(ride.id, name, stop)).close();
    }

    const page = await organiser.newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    await page.goto('/home');
    await page.getByRole('tab', { name: 'My Rides' }).tap();
    await expectSequence(page, ride.id, ['Ann', 'Ben']);

    // Lock asks first; Cancel sends nothing.
    await page.getByRole('button', { name: 'Lock Sequence' }).tap();
    const lockDialog = page.getByRole('dialog', { name: 'Lock the drop-off order?' });
    await lockDialog
      .getByText('Passengers see their stop numbers; you can unlock it again to place a late joiner.')
      .waitFor();
    await expectAccessible(page, 'lock sequence dialog');
    await lockDialog.getByRole('button', { name: 'Cancel' }).tap();
    await lockDialog.waitFor({ state: 'hidden' });
    expect(posts).toEqual([]);

    await page.getByRole('button', { name: 'Lock Sequence' }).tap();
    await lockDialog.getByRole('button', { name: 'Lock', exact: true }).tap();
    await expectToast(page, 'Sequence locked successfully');
    await page.getByRole('button', { name: 'Unlock' }).waitFor();
    expect(posts).toEqual([`/api/rides/${ride.id}/lockSequence`]);

    // Dave joins after the lock: the last stop, and nobody can move him while it is locked.
    await (await joined(ride.id, 'Dave', 'Jurong East')).close();
    await page.reload();
    await page.getByRole('tab', { name: 'My Rides' }).tap();
    await expectSequence(page, ride.id, ['Ann', 'Ben', 'Dave']);
    expect(await page.getByRole('button', { name: 'Move Dave up' }).count()).toBe(0);

    // Unlock: no question (nothing is lost), the order stays and can be changed again, and the
    // panel does not read as locked again.
    const unlockButton = page.getByRole('button', { name: 'Unlock' });
    await expectTouchSize(unlockButton);
    await unlockButton.tap();
    await expectToast(page, 'Sequence unlocked');
    await page.getByRole('button', { name: 'Lock Sequence' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await sequenceNames(page, ride.id)).toEqual(['Ann', 'Ben', 'Dave']);
    await page.reload();
    await page.getByRole('tab', { name: 'My Rides' }).tap();
    await page.getByRole('button', { name: 'Lock Sequence' }).waitFor();
    await expectSequence(page, ride.id, ['Ann', 'Ben', 'Dave']);

    const moved = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Move Dave up' }).tap();
    await moved;
    await expectSequence(page, ride.id, ['Ann', 'Dave', 'Ben']);

    await page.getByRole('button', { name: 'Lock Sequence' }).tap();
    await lockDialog.getByRole('button', { name: 'Lock', exact: true }).tap();
    await expectToast(page, 'Sequence locked successfully');
    await page.getByRole('button', { name: 'Unlock' }).waitFor();

    await page.goto(`/rides/${ride.id}`);
    await page.getByRole('tab', { name: 'Passengers' }).tap();
    await page.getByText('Stop #4').waitFor();
    // The organiser's own drop-off is stop 1, as on the checklist and in the calendar.
    expect(await page.getByTestId('organiser-stop').textContent()).toBe(
      "Stop #1: Tampines Mall, the organizer's drop-off",
    );
    expect(await passengerStops(page)).toEqual([
      ['Ann', 'Stop #2'],
      ['Dave', 'Stop #3'],
      ['Ben', 'Stop #4'],
    ]);
    await organiser.close();
  });
});
