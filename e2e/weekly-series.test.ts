// A weekly series on a phone (375 × 812, touch; issue 27): an organiser sets up Monday and Friday
// for eight weeks in the create form, a passenger joins every date from now in one tap and is on
// all of them, the organiser cancels one date (the passenger is told once) and moves the time of
// the rest, a follower hears of the organiser's new ride, "Ride again" opens next week, and the
// series page reads in 中文 and Melayu with no English left. Set-up goes through the api.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { e2eAvailability, expectAccessible } from './support/browser.ts';
import {
  createRideViaApi,
  expectPath,
  expectToast,
  loginViaApi,
  registerViaApi,
  username,
} from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

const DAY_MS = 86_400_000;
const SINGAPORE_MS = 8 * 3_600_000;

// The next Monday in Singapore at least two days away, as YYYY-MM-DD.
function nextMonday(): string {
  let time = Date.now() + SINGAPORE_MS + 2 * DAY_MS;
  while (new Date(time).getUTCDay() !== 1) time += DAY_MS;
  return new Date(time).toISOString().slice(0, 10);
}

// HH:MM of a ride's date in Singapore.
const singaporeTime = (iso: string) => new Date(Date.parse(iso) + SINGAPORE_MS).toISOString().slice(11, 16);
const singaporeDay = (iso: string) => new Date(Date.parse(iso) + SINGAPORE_MS).toISOString().slice(0, 10);

interface SeriesDate {
  rideId: number;
  date: string;
  onRide: boolean;
}
interface Series {
  id: number;
  weekdays: number[];
  dates: SeriesDate[];
}
interface Inbox {
  items: Array<{ kind: string; rideId: number | null; params: Record<string, unknown> }>;
}

async function readJson<T>(context: BrowserContext, path: string): Promise<T> {
  const response = await context.request.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

// Whether the page's own words (member data aside) still contain these English phrases.
async function englishLeft(page: Page, phrases: string[]): Promise<string[]> {
  const text = await page.evaluate(() => {
    const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
    main.querySelectorAll('[translate="no"]').forEach((element) => element.remove());
    return main.innerText;
  });
  return phrases.filter((phrase) => text.includes(phrase));
}

if (availability.run) {
  describe('weekly series on a phone', () => {
    const phones = usePhones();
    const phone = () => phones.phone();

    it('is set up once, joined in one tap, changed one date or the rest, and read in three languages', async () => {
      // The organiser, with a ride the follower rode on (following needs one), and the follower.
      const organiser = await phone();
      await registerViaApi(organiser, username('o'), { name: 'Olivia' });
      const earlier = await createRideViaApi(organiser);
      const follower = await phone();
      await registerViaApi(follower, username('f'), { name: 'Farid' });
      expect(
        (
          await follower.request.post(`/api/rides/${earlier.id}/join`, { data: { dropoffLocation: 'Bedok Mall' } })
        ).status(),
      ).toBe(201);
      const followed = await follower.request.post(`/api/organisers/${earlier.creatorId}/follow`);
      expect(followed.status(), await followed.text()).toBe(200);

      // The organiser: Monday 7:30 am, repeated Monday and Friday, for the eight weeks proposed.
      const monday = nextMonday();
      const page = await organiser.newPage();
      await page.goto('/rides/create');
      const form = page.getByRole('form', { name: 'Create Ride' });
      await form.waitFor();
      await form.getByLabel('Date and time (Singapore time)').fill(`${monday}T07:30`);
      await form.getByLabel('Your Pickup Location in Singapore').fill('Pasir Ris MRT');
      await form.getByRole('checkbox', { name: 'Repeat weekly' }).tap();
      const days = form.getByRole('group', { name: 'Repeat on (Singapore time)' });
      expect(await days.getByRole('checkbox', { name: 'Mon' }).isChecked()).toBe(true);
      await days.getByRole('checkbox', { name: 'Fri' }).tap();
      await form.getByText(/^16 dates, Mon and Fri, until /).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page, 'create form repeating weekly');
      await form.getByRole('button', { name: 'Create Ride' }).tap();
      await expectToast(page, 'Weekly series created: 16 dates');
      await expectPath(page, /^\/rides\/\d+$/);
      const firstId = Number(new URL(page.url()).pathname.split('/').pop());
      const first = await readJson<{ seriesId: number | null; date: string }>(organiser, `/api/rides/${firstId}`);
      expect(first.seriesId).toEqual(expect.any(Number));
      expect(singaporeDay(first.date)).toBe(monday);
      const seriesId = first.seriesId!;
      const series = await readJson<Series>(organiser, `/api/series/${seriesId}`);
      expect(series.weekdays).toEqual([1, 5]);
      expect(series.dates[0]!.rideId).toBe(firstId);
      expect(series.dates.length).toBeGreaterThanOrEqual(2);

      // The passenger: from the first date's page to the series, then every date in one tap.
      const passenger = await phone();
      const passengerName = username('p');
      await registerViaApi(passenger, passengerName, { name: 'Priya' });
      const riderPage = await passenger.newPage();
      await riderPage.goto(`/rides/${firstId}`);
      const seriesLink = riderPage.getByRole('link', { name: /^Weekly · Mon, Fri · until / });
      await seriesLink.waitFor();
      await expectAccessible(riderPage, 'a series date for a member');
      await seriesLink.tap();
      await expectPath(riderPage, new RegExp(`^/series/${seriesId}$`));
      const join = riderPage.getByRole('form', { name: 'Join every date' });
      await join.waitFor();
      await join.getByLabel('Your pickup location in Singapore').fill('Tampines MRT');
      const joinButton = join.getByRole('button', { name: 'Join every date from now' });
      expect((await joinButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await joinButton.tap();
      await expectToast(riderPage, 'Joined the series');
      const joined = await readJson<Series>(passenger, `/api/series/${seriesId}`);
      expect(joined.dates.length).toBe(series.dates.length);
      expect(joined.dates.every((date) => date.onRide)).toBe(true);
      await riderPage.getByRole('button', { name: 'Leave the rest' }).waitFor();
      expect(await riderPage.getByText("You're on it").count()).toBe(joined.dates.length);
      expect(await riderPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(riderPage, 'series page for a regular');

      // The organiser cancels the second date alone: the passenger is told once.
      const second = series.dates[1]!;
      await page.goto(`/rides/edit/${second.rideId}`);
      await page.getByRole('button', { name: 'Cancel this date' }).tap();
      await page.getByRole('button', { name: 'Tap again to cancel this date' }).tap();
      await expectToast(page, 'Ride deleted successfully');
      const afterCancel = await readJson<Series>(passenger, `/api/series/${seriesId}`);
      expect(afterCancel.dates.map((date) => date.rideId)).not.toContain(second.rideId);
      expect(afterCancel.dates.length).toBe(series.dates.length - 1);
      const cancelled = (await readJson<Inbox>(passenger, '/api/notifications')).items.filter(
        (item) => item.kind === 'ride_deleted',
      );
      expect(cancelled).toHaveLength(1);

      // … and moves the rest (from the third date on) to 8:15 am; the first date keeps 7:30.
      const third = afterCancel.dates[1]!;
      await page.goto(`/rides/edit/${third.rideId}`);
      const edit = page.getByRole('form', { name: 'Edit Ride' });
      await edit.waitFor();
      await edit.getByRole('radio', { name: 'This and later dates' }).tap();
      await edit.getByLabel('Date and time (Singapore time)').fill(`${singaporeDay(third.date)}T08:15`);
      await expectAccessible(page, 'edit form of a series date');
      await edit.getByRole('button', { name: 'Update Ride' }).tap();
      await expectToast(page, 'Ride updated successfully');
      const moved = await readJson<Series>(organiser, `/api/series/${seriesId}`);
      expect(singaporeTime(moved.dates[0]!.date)).toBe('07:30');
      expect(moved.dates.slice(1).map((date) => singaporeTime(date.date))).toEqual(
        moved.dates.slice(1).map(() => '08:15'),
      );
      const changed = (await readJson<Inbox>(passenger, '/api/notifications')).items.filter(
        (item) => item.kind === 'ride_changed',
      );
      expect(changed, JSON.stringify(changed)).toHaveLength(1);

      // The follower heard of the new ride once.
      const told = (await readJson<Inbox>(follower, '/api/notifications')).items.filter(
        (item) => item.kind === 'organiser_ride',
      );
      expect(told).toHaveLength(1);
      const followerPage = await follower.newPage();
      await followerPage.goto('/inbox');
      await followerPage.getByRole('listitem').filter({ hasText: 'New ride by an organiser you follow' }).waitFor();

      // "Ride again" on the first date: the create form, a week on, same time.
      await page.goto(`/rides/${firstId}`);
      await page.getByRole('link', { name: 'Ride again next week' }).tap();
      await expectPath(page, /^\/rides\/create$/);
      const again = page.getByRole('form', { name: 'Create Ride' });
      await again.waitFor();
      const nextWeek = new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
      await expect(again.getByLabel('Date and time (Singapore time)').inputValue()).resolves.toBe(`${nextWeek}T07:30`);

      // The series page in 中文 and in Melayu: none of its English left.
      const english = [
        'Weekly',
        'Upcoming dates',
        'seats left',
        'seat left',
        "You're on it",
        'Leave the rest',
        'Every ',
        'until',
        'Organized by',
        'Singapore time',
      ];
      for (const [language, heading] of [
        ['zh', '每周系列'],
        ['ms', 'Siri mingguan'],
      ] as const) {
        const reader = await phone();
        await reader.addInitScript((chosen) => localStorage.setItem('fc-language', chosen), language);
        await loginViaApi(reader, passengerName);
        const read = await reader.newPage();
        await read.goto(`/series/${seriesId}`);
        await read.getByText(heading, { exact: true }).waitFor();
        await read.locator('main li').first().waitFor();
        expect(await englishLeft(read, english), language).toEqual([]);
        await expectAccessible(read, `series page in ${language}`);
      }
    });

    it('lets a regular leave this and later dates, and the organiser extend, then end, the series', async () => {
      const organiser = await phone();
      await registerViaApi(organiser, username('o'), { name: 'Olivia' });
      const monday = nextMonday();
      const created = await createRideViaApi(organiser, {
        date: new Date(`${monday}T07:30:00+08:00`).toISOString(),
        repeat: {
          weekdays: [1, 5],
          until: new Date(Date.parse(`${monday}T00:00:00Z`) + 20 * DAY_MS).toISOString().slice(0, 10),
        },
      });
      const seriesId = created.seriesId as number;
      const series = await readJson<Series>(organiser, `/api/series/${seriesId}`);
      expect(series.dates).toHaveLength(6);
      const passenger = await phone();
      await registerViaApi(passenger, username('p'), { name: 'Priya' });
      const joined = await passenger.request.post(`/api/series/${seriesId}/join`, {
        data: { passengerCount: 2, dropoffLocation: 'Tampines MRT' },
      });
      expect(joined.status(), await joined.text()).toBe(200);

      // The passenger leaves from the third date on, from that date's page.
      const third = series.dates[2]!;
      const riderPage = await passenger.newPage();
      await riderPage.goto(`/rides/${third.rideId}`);
      await riderPage.getByRole('button', { name: 'Leave this and later dates' }).tap();
      const leave = riderPage.getByRole('dialog', { name: 'Leave this and later dates?' });
      await leave.waitFor();
      await expectAccessible(riderPage, 'leave this and later dates');
      await leave.getByRole('button', { name: 'Leave this and later dates' }).tap();
      await expectToast(riderPage, 'You left this and later dates');
      const left = await readJson<Series>(passenger, `/api/series/${seriesId}`);
      expect(left.dates.map((date) => date.onRide)).toEqual([true, true, false, false, false, false]);

      // The organiser runs it a week longer (two more dates), then ends it: eight dates, and the
      // passenger's party of 2 on two of them.
      const page = await organiser.newPage();
      await page.goto(`/series/${seriesId}`);
      const extend = page.getByRole('form', { name: 'Extend the series' });
      const lastDay = new Date(Date.parse(`${monday}T00:00:00Z`) + 27 * DAY_MS).toISOString().slice(0, 10);
      await extend.getByLabel('New last date').fill(lastDay);
      await extend.getByRole('button', { name: 'Extend the series' }).tap();
      await expectToast(page, /^The series now runs until /);
      await expect.poll(() => page.locator('main li').count()).toBe(8);
      await page.getByRole('button', { name: 'End series' }).tap();
      const end = page.getByRole('dialog', { name: 'End this series?' });
      await end
        .getByText(
          /^Its 8 upcoming dates, up to .+, are cancelled\. Passengers hold 4 seats on them; each of them is told once\.$/,
        )
        .waitFor();
      await expectAccessible(page, 'end the series');
      await end.getByRole('button', { name: 'End series' }).tap();
      await expectToast(page, '8 dates cancelled.');
      await page.getByText('The organizer ended this series: its upcoming dates are cancelled.').waitFor();
      const ended = await readJson<Series & { endedAt: string | null }>(organiser, `/api/series/${seriesId}`);
      expect(ended.endedAt).not.toBeNull();
      expect(ended.dates).toEqual([]);
      const told = (await readJson<Inbox>(passenger, '/api/notifications')).items.filter(
        (item) => item.kind === 'ride_deleted',
      );
      expect(told).toHaveLength(1);
    });
  });
}
