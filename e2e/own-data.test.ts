// A member's own data on a phone (375 × 812, issue 26 §2): Profile › Your data saves one JSON
// file that holds their rides, and deletes their account after asking for the password (the
// dialog passes axe). They cannot log in again, and another member's past trip with them shows
// them as "a former member".
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import { e2eAvailability, expectAccessible, launchChromium, newAppContext } from './support/browser.ts';
import {
  createRideViaApi,
  expectPath,
  expectToast,
  PASSWORD,
  registerViaApi,
  username,
} from './support/journey-kit.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('a member’s own data on a phone', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let leaver: BrowserContext;
  let other: BrowserContext;
  let leaverName: string;
  let upcomingRideId: number;
  let pastRideId: number;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
    leaver = await newAppContext(browser, 'phone', app.url);
    other = await newAppContext(browser, 'phone', app.url);
    leaverName = username('leaver');
    await registerViaApi(leaver, leaverName);
    await registerViaApi(other, username('stayer'));
    // A ride is created in the future only: this one leaves in a few seconds, with the other
    // member aboard, and is their past trip by the time the leaver goes.
    const soon = Date.now() + 4_000;
    const past = await createRideViaApi(leaver, { date: new Date(soon).toISOString() });
    pastRideId = past.id;
    const joined = await other.request.post(`/api/rides/${pastRideId}/join`, {
      data: { passengerCount: 1, dropoffLocation: 'Bedok Mall' },
    });
    expect(joined.ok(), await joined.text()).toBe(true);
    upcomingRideId = (await createRideViaApi(leaver)).id;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, soon + 1_000 - Date.now())));
  }, 120_000);

  afterAll(async () => {
    await leaver?.close().catch(() => {});
    await other?.close().catch(() => {});
    await browser?.close();
    await app?.close();
  });

  it('downloads one JSON file, named with the day, with the member’s rides', async () => {
    const page = await leaver.newPage();
    await page.goto('/profile');
    const button = page.getByRole('button', { name: 'Download my data' });
    await button.waitFor();
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^fc-rideshare-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    // The browser runs apart from this process (a shared Chromium): a copy comes over the wire.
    const file = join(mkdtempSync(join(tmpdir(), 'fc-own-data-')), download.suggestedFilename());
    await download.saveAs(file);
    const data = JSON.parse(readFileSync(file, 'utf8'));
    rmSync(dirname(file), { recursive: true, force: true });
    expect(data.profile).toMatchObject({ discord_username: leaverName, name: `${leaverName} Tan` });
    expect(data.ridesOrganised.map((ride: { id: number }) => ride.id).sort()).toEqual(
      [pastRideId, upcomingRideId].sort(),
    );
    expect(JSON.stringify(data)).not.toMatch(/password_hash|token_hash/);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('deletes the account after asking for the password; the member cannot log in again', async () => {
    const page = await leaver.newPage();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await expectAccessible(page, 'the delete-account dialog');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A wrong password is refused, and the account stays.
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectToast(page, /Current password is incorrect/);
    expect((await leaver.request.get('/api/auth/me')).status()).toBe(200);

    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectToast(page, 'Your account has been deleted');
    await expectPath(page, /^\/home$/);
    expect((await leaver.request.get('/api/auth/me')).status()).toBe(401);
    const login = await leaver.request.post('/api/login', {
      data: { discordUsername: leaverName, password: PASSWORD },
    });
    expect(login.status()).toBe(401);
    await page.close();
  });

  it('shows the other member’s past trip as organised by "a former member"; the upcoming ride is gone', async () => {
    const page = await other.newPage();
    await page.goto(`/rides/${pastRideId}`);
    await page
      .getByText(/a former member/i)
      .first()
      .waitFor();
    expect(await page.getByText(`${leaverName} Tan`).count()).toBe(0);
    expect((await other.request.get(`/api/rides/${upcomingRideId}`)).status()).toBe(404);
    await page.close();
  });
});
