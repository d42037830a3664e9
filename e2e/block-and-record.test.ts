// Blocks and the reliability record on a phone (375 × 812, issue 26 §1). A member blocks another
// from the organiser card of the other's ride: the other can no longer join the blocker's ride
// (the join form is refused, without a word of the block), the blocker's Home no longer lists the
// other's ride, and Profile › Blocked members unblocks. After a ride has left, its organiser marks
// a passenger as a no-show on the Passengers tab and the passenger's "trips · no-shows" count
// shows it, in English, Melayu and 中文. Axe on every new screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import { e2eAvailability, expectAccessible, launchChromium, newAppContext } from './support/browser.ts';
import { createRideViaApi, expectToast, loginViaApi, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('blocks and the reliability record on a phone', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function phone(language?: 'ms' | 'zh'): Promise<BrowserContext> {
    const context = await newAppContext(browser, 'phone', app.url);
    if (language) await context.addInitScript((chosen) => localStorage.setItem('fc-language', chosen), language);
    contexts.push(context);
    return context;
  }

  async function fitsThePhone(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await app?.close();
  });

  it('blocks from the organiser card: no join for the blocked, no ride of theirs on the Home list', async () => {
    const blocker = await phone();
    const other = await phone();
    await registerViaApi(blocker, username('blk'), { name: 'Bella Blocker' });
    await registerViaApi(other, username('oth'), { name: 'Omar Other' });
    const blockerRide = (await createRideViaApi(blocker)).id;
    const otherRide = (await createRideViaApi(other, { direction: 'FC->SG' })).id;

    const page = await blocker.newPage();
    await page.goto('/home');
    await page.locator(`#ride-${otherRide}`).waitFor();

    await page.goto(`/rides/${otherRide}`);
    const organiser = page.getByRole('region', { name: 'Organizer' });
    await organiser.getByTestId('member-record').getByText('0 trips · 0 no-shows').waitFor();
    const block = organiser.getByRole('button', { name: 'Block Omar Other' });
    expect((await block.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await block.click();
    const dialog = page.getByRole('dialog', { name: 'Block Omar Other?' });
    await dialog.waitFor();
    await fitsThePhone(page);
    await expectAccessible(page, 'the block dialog');
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expectToast(page, 'You blocked Omar Other');
    await organiser.getByRole('button', { name: 'Unblock Omar Other' }).waitFor();

    // The blocker's Home: their own ride, not the other's (the copy kept from the last visit may
    // show it until the list's revalidation answers).
    await page.goto('/home');
    await page.locator(`#ride-${blockerRide}`).waitFor();
    await page.locator(`#ride-${otherRide}`).waitFor({ state: 'detached', timeout: 10_000 });
    await page.reload();
    await page.locator(`#ride-${blockerRide}`).waitFor();
    expect(await page.locator(`#ride-${otherRide}`).count()).toBe(0);
    await fitsThePhone(page);

    // The blocked member tries to join the blocker's ride, and is refused without the reason.
    const otherPage = await other.newPage();
    await otherPage.goto(`/rides/${blockerRide}`);
    await otherPage.getByLabel('Number of passengers (including you)').fill('1');
    await otherPage.getByLabel('Your pickup location in Singapore').fill('Tampines MRT');
    await otherPage.getByRole('button', { name: 'Join Ride' }).click();
    await expectToast(otherPage, 'You cannot join this ride');
    expect(await otherPage.getByRole('heading', { name: "You've Joined" }).count()).toBe(0);
    // Still listed for them: a block hides nothing from the one blocked.
    await otherPage.goto('/home');
    await otherPage.locator(`#ride-${blockerRide}`).waitFor();

    // Profile › Blocked members, then Unblock: the ride is back on Home.
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Blocked members' });
    await card.getByText('Omar Other').waitFor();
    await fitsThePhone(page);
    await expectAccessible(page, 'the profile with a blocked member');
    await card.getByRole('button', { name: 'Unblock Omar Other' }).click();
    await expectToast(page, 'You unblocked Omar Other');
    await card.getByText('You have not blocked anyone.').waitFor();
    await page.goto('/home');
    await page.locator(`#ride-${otherRide}`).waitFor();
    await page.close();
    await otherPage.close();
  });

  it('lets the organiser mark a no-show after the ride, and the count shows it in three languages', async () => {
    const organiser = await phone();
    const late = await phone();
    const punctual = await phone();
    const lateName = username('late');
    await registerViaApi(organiser, username('org'), { name: 'Grace Organiser' });
    await registerViaApi(late, lateName, { name: 'Lim Late' });
    await registerViaApi(punctual, username('ontime'), { name: 'Pat Punctual' });
    // A ride is created in the future only: this one leaves a few seconds from now.
    const leaves = Date.now() + 4_000;
    const rideId = (await createRideViaApi(organiser, { date: new Date(leaves).toISOString() })).id;
    for (const member of [late, punctual]) {
      const joined = await member.request.post(`/api/rides/${rideId}/join`, {
        data: { passengerCount: 1, dropoffLocation: 'Bedok' },
      });
      expect(joined.status(), await joined.text()).toBe(201);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, leaves + 1_000 - Date.now())));

    const page = await organiser.newPage();
    await page.goto(`/rides/${rideId}`);
    await page.getByRole('tab', { name: 'Passengers' }).click();
    const list = page.getByRole('list', { name: 'Passengers' });
    const lateEntry = list.getByRole('listitem').filter({ hasText: 'Lim Late' });
    await lateEntry.getByText('1 trip · 0 no-shows').waitFor();
    const mark = lateEntry.getByRole('button', { name: 'Mark as no-show: Lim Late' });
    expect((await mark.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await mark.click();
    await lateEntry.getByText('0 trips · 1 no-show').waitFor();
    await lateEntry.getByText('No-show', { exact: true }).waitFor();
    await list.getByRole('listitem').filter({ hasText: 'Pat Punctual' }).getByText('1 trip · 0 no-shows').waitFor();
    await fitsThePhone(page);
    await expectAccessible(page, 'the Passengers tab of a past ride with a no-show', {
      experimental: ['label-content-name-mismatch'],
    });

    // Undo, and mark again: the organiser's to correct within the window.
    await lateEntry.getByRole('button', { name: 'Undo no-show for Lim Late' }).click();
    await lateEntry.getByText('1 trip · 0 no-shows').waitFor();
    await lateEntry.getByRole('button', { name: 'Mark as no-show: Lim Late' }).click();
    await lateEntry.getByText('0 trips · 1 no-show').waitFor();

    // The passenger sees their own record on their profile; the others see the count, not the mark.
    const latePage = await late.newPage();
    await latePage.goto('/profile');
    await latePage.getByTestId('member-record').getByText('0 trips · 1 no-show').waitFor();
    const punctualPage = await punctual.newPage();
    await punctualPage.goto(`/rides/${rideId}`);
    await punctualPage.getByRole('tab', { name: 'Passengers' }).click();
    const seen = punctualPage.getByRole('list', { name: 'Passengers' }).getByRole('listitem').filter({
      hasText: 'Lim Late',
    });
    await seen.getByText('0 trips · 1 no-show').waitFor();
    expect(await seen.getByText('No-show', { exact: true }).count()).toBe(0);
    expect(await seen.getByRole('button', { name: /no-show/ }).count()).toBe(0);

    // The same count in Melayu and 中文 (plural rules of their own: no "s").
    for (const [language, text, tab] of [
      ['ms', '0 perjalanan · 1 tidak hadir', 'Penumpang'],
      ['zh', '0 次行程 · 1 次爽约', '乘客'],
    ] as const) {
      const context = await phone(language);
      await loginViaApi(context, lateName);
      const translated = await context.newPage();
      await translated.goto(`/rides/${rideId}`);
      await translated.getByRole('tab', { name: tab }).click();
      await translated.getByText(text).first().waitFor();
      await expectAccessible(translated, `the Passengers tab in ${language}`, {
        experimental: ['label-content-name-mismatch'],
      });
      await translated.close();
    }
  });
});
