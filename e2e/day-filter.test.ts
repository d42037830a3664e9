// Finding "Friday evening" on a phone (375 × 812, touch; issue 37 §5): rides on several days and
// at several times, a visitor picks Friday in the Day filter and Evening, and sees that one ride
// under Friday's heading; the filters are labelled, 44 px tall and fit 375 px in all three
// languages. Set-up goes through the api.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { e2eAvailability, expectAccessible } from './support/browser.ts';
import { createRideViaApi, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

const DAY_MS = 86_400_000;

// The next Friday in Singapore at least two days away, as YYYY-MM-DD.
function nextFriday(): string {
  let time = Date.now() + 8 * 3_600_000 + 2 * DAY_MS;
  while (new Date(time).getUTCDay() !== 5) time += DAY_MS;
  return new Date(time).toISOString().slice(0, 10);
}

function shifted(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

// A Singapore wall-clock time on `day`, as the api takes it.
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();

// Every filter control's height, and how far the page reaches past the screen's right edge.
async function measureFilters(page: Page) {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>('details select, details input, details summary')];
    return {
      heights: controls.map((control) => Math.round(control.getBoundingClientRect().height)),
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

if (availability.run) {
  describe('a day filter on a phone', () => {
    const phones = usePhones();
    const phone = () => phones.phone();

    it('a day filter finds Friday evening', async () => {
      const friday = nextFriday();
      const organisers = [await phone(), await phone()];
      await registerViaApi(organisers[0]!, username('dfa'), { name: 'Aisha' });
      await registerViaApi(organisers[1]!, username('dfb'), { name: 'Bala' });
      const rides = [
        [0, at(friday, '19:30'), 'SG->FC'],
        [0, at(friday, '08:00'), 'SG->FC'],
        [0, at(friday, '14:00'), 'FC->SG'],
        [1, at(shifted(friday, -1), '19:30'), 'SG->FC'],
        [1, at(shifted(friday, 1), '20:00'), 'FC->SG'],
      ] as const;
      const ids: number[] = [];
      for (const [who, date, direction] of rides) {
        ids.push((await createRideViaApi(organisers[who]!, { date, direction })).id);
      }

      const visitor = await phone();
      const page = await visitor.newPage();
      await page.goto('/home');
      await page.locator(`article#ride-${ids[0]}`).waitFor();
      // Every ride is on the list at first, under a heading per day.
      for (const id of ids) await page.locator(`article#ride-${id}`).waitFor();

      await page.getByText('Filters:').click();
      await page.getByLabel(/^Day/).selectOption('date');
      await page.getByLabel(/^Date/).fill(friday);
      await page.getByLabel('Time of day').selectOption('evening');
      await page.waitForURL((url) => url.search.includes(`day=${friday}`) && url.search.includes('timeOfDay=evening'));

      const cards = page.locator('main article[id^="ride-"]');
      await expect
        .poll(async () => cards.evaluateAll((list) => list.map((card) => card.id)))
        .toEqual([`ride-${ids[0]}`]);
      // Under Friday's heading, in the windowed list.
      const section = page.locator('main section', { has: page.locator(`article#ride-${ids[0]}`) });
      const heading = section.getByRole('heading', { level: 3 }).first();
      expect(await heading.textContent()).toMatch(/^Fri/);
      expect(await section.getAttribute('aria-labelledby')).toBe(await heading.getAttribute('id'));
      expect(await page.locator(`article#ride-${ids[0]}`).innerText()).toContain('7:30');

      const measured = await measureFilters(page);
      expect(Math.min(...measured.heights), 'filter controls at least 44 px').toBeGreaterThanOrEqual(44);
      expect(measured.overflow, 'no sideways scroll').toBeLessThanOrEqual(0);
      await expectAccessible(page, 'home filtered to Friday evening');

      // The same address in Melayu and 中文: the same ride, the filters within 375 px.
      for (const language of ['ms', 'zh'] as const) {
        const reader = await phone();
        await reader.addInitScript((chosen) => localStorage.setItem('fc-language', chosen), language);
        const read = await reader.newPage();
        await read.goto(`/home?day=${friday}&timeOfDay=evening`);
        await read.locator(`article#ride-${ids[0]}`).waitFor();
        await read.locator('details summary').click();
        expect(await read.locator('main article[id^="ride-"]').count(), language).toBe(1);
        const inLanguage = await measureFilters(read);
        expect(Math.min(...inLanguage.heights), language).toBeGreaterThanOrEqual(44);
        expect(inLanguage.overflow, language).toBeLessThanOrEqual(0);
        await expectAccessible(read, `home filtered to Friday evening in ${language}`);
      }
    });
  });
}
