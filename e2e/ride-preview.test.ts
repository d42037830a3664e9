// Issue 24 §3, on a phone (375 x 812): a visitor opening a shared ride link sees the ride from
// the page the host sent (its JSON block, ADR 0020), without waiting for /api/rides/{id}; the
// page's head carries the ride's preview card. The app's code is fetched only after the ride has
// painted (ADR 0031).
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

    // The PWA's page (its tabs), not only the host's snapshot that paints before it.
    await page.getByRole('tab', { name: 'Details' }).waitFor({ timeout: 10_000 });
    const heading = page.getByRole('heading', { level: 1, name: 'Forest City to Singapore' });
    await heading.waitFor();
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

  it('paints the ride from the HTML before any script has run, then the PWA takes over', async () => {
    const organiser = await phones.phone();
    await registerViaApi(organiser, username('snp'), { name: 'Sam Snapshot' });
    const ride = await createRideViaApi(organiser, { direction: 'SG->FC', maxPassengers: 4 });

    const visitor = await phones.phone();
    const page = await visitor.newPage();
    const held: Route[] = [];
    await page.route('**/assets/*.js', (route) => void held.push(route));
    // When the page drew its first frame, against when each of the app's files was asked for.
    await page.addInitScript(() => {
      requestAnimationFrame(() => ((globalThis as { firstFrameAt?: number }).firstFrameAt = performance.now()));
    });
    await page.goto(`/rides/${ride.id}`, { waitUntil: 'commit' });

    // No script of the app has run: what shows is the host's snapshot.
    const heading = page.getByRole('heading', { level: 1, name: 'Singapore to Forest City' });
    await heading.waitFor({ timeout: 10_000 });
    await page.getByText('1 / 4 passengers · 3 spots left').waitFor();
    await expect.poll(() => held.length).toBeGreaterThanOrEqual(1);
    expect(await page.locator('[data-snapshot="ride"]').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    for (const route of held.splice(0)) await route.continue();
    await page.unroute('**/assets/*.js');
    // React replaced the snapshot with the page itself: the layout's navigation, the ride's tabs.
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Details' }).waitFor();
    expect(await page.locator('[data-snapshot="ride"]').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: 'Singapore to Forest City' }).count()).toBe(1);
    // ADR 0031: not one of the app's files was fetched before the snapshot's first frame.
    const timing = await page.evaluate(() => ({
      firstFrameAt: (globalThis as { firstFrameAt?: number }).firstFrameAt ?? Infinity,
      appFiles: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.appFiles.length).toBeGreaterThan(5);
    expect(timing.appFiles.filter((startedAt) => startedAt < timing.firstFrameAt)).toEqual([]);
  });
});
