// Issue 24 §3, on a phone (375 x 812): a visitor opening a shared ride link sees the ride from
// the page the host sent (its JSON block, ADR 0020), without waiting for /api/rides/{id}; the
// page's head carries the ride's preview card. The app's code is fetched only after the ride has
// painted (ADR 0031). Issue 35 §7: the app's first screen paints nothing larger than the
// snapshot did, so the page's largest paint stays the one before any script.
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { e2eAvailability } from './support/browser.ts';
import { createRideViaApi, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

// The phone Lighthouse emulates (bench:web), and the suite's own.
const FIRST_SCREENS = [
  { width: 412, height: 823 },
  { width: 375, height: 812 },
];
const LOGIN_TEXT = 'Log in to join this ride, see the passengers and contact the organizer.';

interface PaintSeen {
  size: number;
  text: string;
  // Whether the element was the host's snapshot when Chromium reported it.
  inSnapshot: boolean;
}

// Every largest-contentful-paint candidate Chromium reports, as it reports it: a later one is only
// ever larger than all before it, so an entry from the app means the app made the page's LCP.
async function openWatchingPaints(context: BrowserContext, path: string, screen: (typeof FIRST_SCREENS)[number]) {
  const page = await context.newPage();
  await page.setViewportSize(screen);
  await page.addInitScript(() => {
    const seen: PaintSeen[] = [];
    (globalThis as { paintsSeen?: PaintSeen[] }).paintsSeen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { size: number; element: Element | null }>) {
        seen.push({
          size: entry.size,
          text: (entry.element?.textContent ?? '').slice(0, 80),
          inSnapshot: Boolean(entry.element?.closest('[data-snapshot]')),
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  // The app waits until the snapshot's own paint has been reported: what is measured is what the
  // app's render adds to it, however fast this machine fetches the scripts.
  const held: Route[] = [];
  await page.route('**/assets/*.js', (route) => void held.push(route));
  await page.goto(path, { waitUntil: 'commit' });
  const seen = () => page.evaluate(() => (globalThis as { paintsSeen?: PaintSeen[] }).paintsSeen ?? []);
  await expect.poll(async () => (await seen()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  await nextFrames(page);
  const snapshotText = await page.locator('#root').innerText();
  for (const route of held.splice(0)) await route.continue();
  await page.unroute('**/assets/*.js');
  return { page, seen, snapshotText };
}

// The app's page has drawn, and a moment more for Chromium to report what it painted.
async function appSettled(page: Page) {
  await page.getByRole('tab', { name: 'Details' }).waitFor({ timeout: 15_000 });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(500);
  await nextFrames(page);
}

// Two frames on: whatever painted before has been reported to the observer.
function nextFrames(page: Page) {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
}

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
      // When the snapshot's first paint was on screen (Chromium's presentation time), not only drawn.
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      appFiles: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.appFiles.length).toBeGreaterThan(5);
    expect(timing.appFiles.filter((startedAt) => startedAt < timing.firstFrameAt)).toEqual([]);
    // Issue 35 §7: nor before that paint was reported. Under a busy CPU a drawn frame reached the
    // screen up to a second later; an app that replaced the snapshot meanwhile made its own
    // paragraph the page's largest paint.
    expect(timing.appFiles.filter((startedAt) => startedAt < timing.paintedAt)).toEqual([]);
  });

  for (const screen of FIRST_SCREENS) {
    it(`a visitor's first screen at ${screen.width} x ${screen.height}: the snapshot holds its largest paint, and the Login Required card`, async () => {
      const organiser = await phones.phone();
      await registerViaApi(organiser, username('lcp'), { name: 'Lee Largest' });
      const ride = await createRideViaApi(organiser, { direction: 'SG->FC', maxPassengers: 4 });

      const { page, seen, snapshotText } = await openWatchingPaints(await phones.phone(), `/rides/${ride.id}`, screen);
      expect(snapshotText).toContain(LOGIN_TEXT);
      await appSettled(page);
      await page.getByText(LOGIN_TEXT).waitFor();
      const paints = await seen();
      // At 412 px its largest is the Login Required paragraph; at 375 the heading, on two lines.
      expect(paints.length).toBeGreaterThan(0);
      expect(paints.filter((paint) => !paint.inSnapshot)).toEqual([]);
    });

    it(`a signed-in member who is not aboard, at ${screen.width} x ${screen.height}: no Login Required in the snapshot, and the app paints nothing larger`, async () => {
      const organiser = await phones.phone();
      await registerViaApi(organiser, username('lco'), { name: 'Lee Organiser' });
      const ride = await createRideViaApi(organiser, { direction: 'SG->FC', maxPassengers: 4 });
      const member = await phones.phone();
      await registerViaApi(member, username('lcm'));

      const { page, seen, snapshotText } = await openWatchingPaints(member, `/rides/${ride.id}`, screen);
      expect(snapshotText).toContain('Singapore to Forest City');
      expect(snapshotText).not.toContain('Login Required');
      await appSettled(page);
      await page.getByRole('heading', { name: 'Join this ride' }).waitFor();
      expect(await page.getByText('Login Required').count()).toBe(0);
      expect((await seen()).filter((paint) => !paint.inSnapshot)).toEqual([]);
    });
  }
});
