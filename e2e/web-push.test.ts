// Web Push on a phone (375 px, touch; issue 13 §1): the profile's "Notifications on this device"
// card, and the service worker showing a push. Chromium here has no push service to subscribe
// with (that is Google's, on the internet), so the push is handed to the app's real service
// worker through the DevTools protocol, already decrypted, as the browser itself would after
// receiving it; the sending side is tests/api/web-push.test.ts.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import {
  e2eAvailability,
  expectAccessible,
  launchChromium,
  newAppContext,
  waitForServiceWorkerControl,
} from './support/browser.ts';
import { registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('Web Push on a phone', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
    context = await newAppContext(browser, 'phone', app.url, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: app.url });
    await registerViaApi(context, username('push'));
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.close();
  });

  it('offers per-event checkboxes on the profile, labelled and accessible', async () => {
    const page = await context.newPage();
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Notifications on this device' });
    await card.waitFor();
    await card.getByText('Off for this device.').waitFor();
    // Every kind a member can be told of, the trip's day and the day before (issue 40) included.
    expect(await card.getByRole('checkbox').count()).toBe(22);
    await card.getByRole('checkbox', { name: 'Someone joins my ride' }).waitFor();
    await card.getByRole('checkbox', { name: "On the day of a ride I'm on: where the car is, who is late" }).waitFor();
    const enable = card.getByRole('button', { name: 'Enable notifications' });
    expect(await enable.isEnabled()).toBe(true);
    const box = await enable.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'profile with the notifications card');
    await page.close();
  });

  it("shows a push through the app's service worker, with the text and the ride to open", async () => {
    const page = await context.newPage();
    await page.goto('/profile');
    await waitForServiceWorkerControl(page);

    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const registration of updated) registrations.set(registration.scopeURL, registration.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    const scope = new URL('/', app.url).href;
    for (let waited = 0; !registrations.has(scope) && waited < 100; waited += 1) await page.waitForTimeout(50);
    expect(registrations.has(scope)).toBe(true);

    const payload = {
      title: 'ann Tan joined your ride',
      body: 'ann Tan joined your SG->FC ride on Sat 5 Dec, 7:30 am.',
      url: '/rides/42',
      tag: 'notification-7',
    };
    // A push delivered while the browser is still starting the worker can be dropped on a busy
    // machine (no notification, no error), so it is sent again; the tag keeps it one notification.
    let shown: { title: string; body: string; tag: string; data: unknown }[] = [];
    for (let attempt = 0; attempt < 5 && shown.length === 0; attempt += 1) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(app.url).origin,
        registrationId: registrations.get(scope)!,
        data: JSON.stringify(payload),
      });
      shown = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        for (let i = 0; i < 60; i += 1) {
          const notifications = await registration.getNotifications();
          if (notifications.length > 0) {
            return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return [];
      });
    }
    expect(shown).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: '/rides/42' } }]);
    await cdp.detach();
    await page.close();
  });
});
