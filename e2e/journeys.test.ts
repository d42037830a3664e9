import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import {
  e2eAvailability,
  expectAccessible,
  launchChromium,
  newAppContext,
  type ViewportName,
} from './support/browser.ts';
import {
  createRideViaApi,
  expectPath,
  expectToast,
  loginViaApi,
  openNavigation,
  PASSWORD,
  registerViaApi,
  singaporeInputValue,
  username,
} from './support/journey-kit.ts';

const availability = e2eAvailability();

describe.skipIf(!availability.run)('PWA journeys in Chromium', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // `npm start`'s own embedded database: these are the journeys of the app as it ships.
    app = await startApp({}, { database: 'pglite' });
    browser = await launchChromium();
    // The admin is user 1 named ADMIN_USERNAME ('admin' by default): register it first.
    const setup = await browser.newContext({ baseURL: app.url });
    await registerViaApi(setup, 'admin');
    await setup.close();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function context(viewport: ViewportName) {
    const created = await newAppContext(browser, viewport, app.url);
    contexts.push(created);
    return created;
  }

  describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
    it('registers a member and a vendor through the form', async () => {
      const member = await context(viewport);
      const page = await member.newPage();
      await page.goto('/auth');
      await expectAccessible(page, 'auth');
      await page.getByRole('tab', { name: 'Register' }).click();
      const name = username('m');
      await page.getByLabel('Discord username', { exact: true }).fill(name);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Full name (optional)').fill('Mei Ling');
      await page.getByLabel(/I have read and accept/).check();
      await page.getByRole('button', { name: 'Register' }).click();
      await expectPath(page, /^\/home$/);
      await page.getByRole('link', { name: 'Create New Ride' }).waitFor();
      await expectAccessible(page, 'home as member');

      const vendor = await context(viewport);
      const vendorPage = await vendor.newPage();
      await vendorPage.goto('/auth');
      await vendorPage.getByRole('tab', { name: 'Register' }).click();
      const vendorName = username('v');
      await vendorPage.getByLabel('Discord username', { exact: true }).fill(vendorName);
      await vendorPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await vendorPage.getByLabel(/I am a vendor/).check();
      await vendorPage.getByLabel(/I have read and accept/).check();
      await vendorPage.getByRole('button', { name: 'Register' }).click();
      await vendorPage.getByText('Company name is required for vendors').waitFor();
      await vendorPage.getByLabel('Company name').fill('Johor Cars Sdn Bhd');
      await vendorPage.getByLabel('Driver name').fill('Ali');
      await vendorPage.getByLabel('Driver contact').fill('+60 12 345 6789');
      await vendorPage.getByLabel('Car number').fill('JQA 1234');
      await expectAccessible(vendorPage, 'register vendor');
      await vendorPage.getByRole('button', { name: 'Register' }).click();
      await expectPath(vendorPage, /^\/home$/);
      await openNavigation(vendorPage);
      await vendorPage.getByRole('link', { name: 'Dashboard' }).first().waitFor();
      expect(await vendorPage.getByRole('link', { name: 'Create New Ride' }).count()).toBe(0);

      // Vouched for (issue 11): the dashboard waits until the admin approves in Profile.
      await vendorPage.getByRole('link', { name: 'Dashboard' }).first().click();
      await vendorPage.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
      const admin = await context(viewport);
      await loginViaApi(admin, 'admin');
      const adminPage = await admin.newPage();
      await adminPage.goto('/admin');
      const application = adminPage.locator('li', { hasText: `@${vendorName}` });
      await application
        .getByLabel('Licence note: what you checked')
        .fill('SSM profile seen; permit and plate JQA 1234; called Ali');
      await application.getByRole('button', { name: 'Approve' }).click();
      await expectToast(adminPage, 'Vendor approved');
      await vendorPage.getByRole('button', { name: 'Check again' }).click();
      await vendorPage.getByRole('heading', { name: 'Waiting for approval' }).waitFor({ state: 'detached' });
      await vendorPage.getByRole('heading', { name: 'Vendor Dashboard' }).waitFor();
    });

    it('creates a ride, others join it from the detail page, and capacity is enforced', async () => {
      const organiser = await context(viewport);
      const organiserName = username('o');
      await registerViaApi(organiser, organiserName);
      const page = await organiser.newPage();
      await page.goto('/rides/create');
      await page.getByRole('heading', { name: 'Create a New Ride' }).waitFor();
      await page.getByLabel('Maximum total passengers').fill('4');
      await page.getByLabel('Date and time (Singapore time)').fill(singaporeInputValue(3));
      await page.getByLabel('Number of passengers at your location').fill('1');
      await page.getByLabel('Your Pickup Location in Singapore').fill('Pasir Ris MRT Exit A');
      await expectAccessible(page, 'create ride');
      await page.getByRole('button', { name: 'Create Ride' }).click();
      await expectToast(page, 'Ride created successfully');
      await expectPath(page, /^\/rides\/\d+$/);
      const rideId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByRole('heading', { name: 'Singapore to Forest City' }).waitFor();
      await expectAccessible(page, 'ride detail as organiser');

      const second = await context(viewport);
      await registerViaApi(second, username('b'), { name: 'Bala Kumar' });
      const secondPage = await second.newPage();
      await secondPage.goto(`/rides/${rideId}`);
      await secondPage.getByLabel('Number of passengers (including you)').fill('2');
      await secondPage.getByLabel('Your pickup location in Singapore').fill('Tampines MRT');
      // A member not aboard sees the organiser's Report button, named with its visible words.
      await secondPage.getByRole('button', { name: /^Report the organiser/ }).waitFor();
      await expectAccessible(secondPage, 'ride detail with join form', {
        experimental: ['label-content-name-mismatch'],
      });
      await secondPage.getByRole('button', { name: 'Join Ride' }).click();
      await expectToast(secondPage, 'Successfully joined the ride');
      await secondPage.getByRole('heading', { name: "You've Joined" }).waitFor();
      await secondPage.getByText('3 / 4 passengers').waitFor();

      const third = await context(viewport);
      await registerViaApi(third, username('c'), { name: 'Chen Wei' });
      const thirdPage = await third.newPage();
      await thirdPage.goto(`/rides/${rideId}`);
      await thirdPage.getByLabel('Number of passengers (including you)').fill('2');
      await thirdPage.getByLabel('Your pickup location in Singapore').fill('Bedok');
      await thirdPage.getByRole('button', { name: 'Join Ride' }).click();
      await expectToast(thirdPage, 'Only 1 spot remaining');
      await thirdPage.getByLabel('Number of passengers (including you)').fill('1');
      await thirdPage.getByRole('button', { name: 'Join Ride' }).click();
      await expectToast(thirdPage, 'Successfully joined the ride');

      await page.reload();
      await page.getByRole('tab', { name: 'Passengers' }).click();
      // The payments card above names them too.
      const passengerList = page.getByRole('list', { name: 'Passengers' });
      await passengerList.getByText('Bala Kumar').waitFor();
      await passengerList.getByText('Chen Wei').waitFor();
      await page.getByText('2 passengers').waitFor();
      await page.getByRole('button', { name: 'Remove Passenger Chen Wei' }).waitFor();
      await expectAccessible(page, 'passengers tab');

      // A member who is not the organiser opening the edit page is sent home with the refusal.
      await thirdPage.goto(`/rides/edit/${rideId}`);
      await expectPath(thirdPage, /^\/home$/);
      await expectToast(thirdPage, 'You are not authorized to edit this ride');
    });

    it('deletes a ride with two clicks', async () => {
      const organiser = await context(viewport);
      await registerViaApi(organiser, username('d'));
      const ride = await createRideViaApi(organiser);
      const page = await organiser.newPage();
      await page.goto(`/rides/edit/${ride.id}`);
      await page.getByRole('heading', { name: 'Edit Ride' }).waitFor();
      await expectAccessible(page, 'edit ride');
      await page.getByRole('button', { name: 'Delete Ride' }).click();
      await expectToast(page, 'Confirm Deletion');
      await page.getByText('Click Delete again to confirm. This action cannot be undone.').waitFor();
      await page.getByRole('button', { name: 'Click again to delete' }).click();
      await expectToast(page, 'Ride deleted successfully');
      await expectPath(page, /^\/home$/);
      const answer = await organiser.request.get(`/api/rides/${ride.id}`);
      expect(answer.status()).toBe(404);
    });

    it('updates the profile and changes the password', async () => {
      const member = await context(viewport);
      const name = username('p');
      await registerViaApi(member, name);
      const page = await member.newPage();
      await page.goto('/profile');
      const details = page.getByRole('region', { name: 'Your details' });
      await expect(details.getByLabel('Discord username').getAttribute('readonly')).resolves.not.toBeNull();
      await details.getByLabel('Full name').fill('Siti Nurhaliza');
      await expectAccessible(page, 'profile');
      await details.getByRole('button', { name: 'Save Profile' }).click();
      await expectToast(page, 'Your profile has been updated');
      await page.reload();
      await expect(
        page.getByRole('region', { name: 'Your details' }).getByLabel('Full name').inputValue(),
      ).resolves.toBe('Siti Nurhaliza');

      const card = page.getByRole('region', { name: 'Change password' });
      await card.getByLabel('Current password').fill(PASSWORD);
      await card.getByLabel('New password', { exact: true }).fill('brand-new-password');
      await card.getByLabel('Confirm new password').fill('brand-new-password');
      await card.getByRole('button', { name: 'Change Password' }).click();
      await expectToast(page, 'Password reset successful!');

      await openNavigation(page);
      await page.getByRole('button', { name: 'Logout' }).first().click();
      await expectPath(page, /^\/home$/);
      await page.goto('/auth');
      await page.getByLabel('Discord username', { exact: true }).fill(name);
      await page.getByLabel('Password', { exact: true }).fill('brand-new-password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expectPath(page, /^\/home$/);
    });

    it('lets the admin reset a member password', async () => {
      const member = await context(viewport);
      const name = username('r');
      await registerViaApi(member, name);
      await member.request.post('/api/logout');

      const admin = await context(viewport);
      await loginViaApi(admin, 'admin');
      const page = await admin.newPage();
      // The profile's admin tools card leads to the admin's page (issue 37 §4).
      await page.goto('/profile');
      await page
        .getByRole('region', { name: 'Admin tools' })
        .getByRole('link', { name: 'Open the admin page' })
        .click();
      await expectPath(page, /^\/admin$/);
      const tools = page.getByRole('region', { name: 'Admin tools' });
      await tools.getByLabel("Member's Discord username").first().waitFor();
      await expectAccessible(page, 'admin page');
      await tools.getByLabel("Member's Discord username").first().fill(name);
      await tools.getByLabel('New password', { exact: true }).fill('admin-chosen-pass');
      await tools.getByLabel('Confirm new password').fill('admin-chosen-pass');
      await tools.getByRole('button', { name: 'Reset Password' }).click();
      await expectToast(page, 'Success');

      const memberPage = await member.newPage();
      await memberPage.goto('/auth');
      await memberPage.getByLabel('Discord username', { exact: true }).fill(name);
      await memberPage.getByLabel('Password', { exact: true }).fill('admin-chosen-pass');
      await memberPage.getByRole('button', { name: 'Login', exact: true }).click();
      await expectPath(memberPage, /^\/home$/);
    });

    it('shows visitors no contacts and asks them to log in', async () => {
      const organiser = await context(viewport);
      await registerViaApi(organiser, username('a'), {
        whatsappNumber: '+65 8765 4321',
        malaysianNumber: '+60 11 2233 4455',
      });
      const ride = await createRideViaApi(organiser);

      const visitor = await context(viewport);
      const page = await visitor.newPage();
      await page.goto(`/rides/${ride.id}`);
      await page.getByRole('heading', { name: 'Login Required' }).waitFor();
      await page.getByRole('tab', { name: 'Passengers (Login required)' }).waitFor();
      const text = await page.locator('main').innerText();
      expect(text).not.toContain('8765 4321');
      expect(text).not.toContain('2233 4455');
      await expectAccessible(page, 'ride detail as visitor');
      await page.getByRole('tab', { name: 'Passengers (Login required)' }).click();
      await page.getByText('Log in to see who is travelling').waitFor();

      // Share copies the trip summary; the toast goes with a swipe to the right.
      await page.getByRole('tab', { name: 'Details' }).click();
      await page.getByRole('button', { name: 'Share' }).click();
      const toastText = page.getByText('Trip summary copied to clipboard!');
      await toastText.waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain(`/rides/${ride.id}`);
      expect(copied).toContain('Singapore to Forest City');
      // Let the toast finish sliding in (it drops in under the header) before taking hold of it.
      let lastY = Number.NaN;
      await expect
        .poll(async () => {
          const y = (await toastText.boundingBox())?.y ?? -1;
          const settled = y > 0 && Math.abs(y - lastY) < 0.5;
          lastY = y;
          return settled;
        })
        .toBe(true);
      const box = (await toastText.boundingBox())!;
      await page.mouse.move(box.x + 10, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      // Dismissed toasts fade out (opacity 0) and stay in the DOM for a while (SPEC §9).
      const faded = () =>
        toastText.evaluate((element) => {
          for (let node: Element | null = element; node; node = node.parentElement) {
            if (getComputedStyle(node).opacity === '0') return true;
          }
          return false;
        });
      await expect.poll(faded, { timeout: 3000 }).toBe(true);

      await page.goto('/home');
      await page.getByRole('heading', { name: 'Join RideShare Community' }).waitFor();
      await page.getByRole('link', { name: 'Login or Register Now' }).waitFor();
      await expectAccessible(page, 'home as visitor');

      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await expectAccessible(page, '404');
    });
  });
});
