// Issue 24 §3, on a phone (375 x 812): a visitor opening a shared ride link sees the ride from
// the page the host sent (its JSON block, ADR 0020), without waiting for /api/rides/{id}; the
// page's head carries the ride's preview card.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { e2eAvailability } from './support/browser.ts';
import { createRideViaApi, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('a shared ride link paints the ride with the shell (issue 24 §3)', () => {
  const phones = usePhones();

  it('shows the ride while /api/rides/{id} is still held, then takes the api answer', async () => {
    const organiser = await phones.phone();
    await registerViaApi(organiser, username('prv'), { name: 'Priya Preview' });
    const ride = await createRideViaApi(organiser, { direction: 'FC->SG', maxPassengers: 4 });

    const visitor = await phones.phone();
    const page = await visitor.newPage();
    const held: Route[] = [];
    await page.route(`**/api/rides/${ride.id}`, (route) => void held.push(route));
    await page.goto(`/rides/${ride.id}`);

    const heading = page.getByRole('heading', { level: 1, name: 'Forest City to Singapore' });
    await heading.waitFor({ timeout: 10_000 });
    await page.getByText('1 / 4 passengers').first().waitFor();
    expect(await page.title()).toMatch(/^Ride to Singapore, /);
    // The api was asked all the same, and its answer is still waiting.
    await expect.poll(() => held.length).toBeGreaterThanOrEqual(1);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toMatch(
      /^Forest City to Singapore, /,
    );

    for (const route of held) await route.continue();
    await page.waitForResponse(`**/api/rides/${ride.id}`).catch(() => {});
    await expect.poll(() => heading.isVisible()).toBe(true);
  });
});
