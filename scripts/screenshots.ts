// Screenshots of every screen of the built app, at phone (375 px) and desktop (1280 px) width:
// docs/screenshots/<screen>-<phone|desktop>.png; the README shows the phone set.
// Run: npm run screenshots (builds first). Starts the real host on a copy of the community
// fixture (bench/community-fixture.ts: 30 members, 1,000 upcoming and 5,000 past rides), adds the
// story the screens tell through the api like real members would, and drives Debian's Chromium.
// E2E_STATIC_DIR serves another build than dist/.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

import { FIXTURE_PASSWORD, preparePgliteFixture } from '../bench/community-fixture.ts';
import { ADMIN, MEMBER, ORGANISER, PASSENGERS, SECOND_ORGANISER, VENDOR } from '../bench/community-plan.ts';
import {
  e2eAvailability,
  launchChromium,
  stubOutsideWorld,
  type ViewportName,
  VIEWPORTS,
} from '../e2e/support/browser.ts';
import { createRideViaApi, loginViaApi } from '../e2e/support/journey-kit.ts';
import { REPO_ROOT, startHost } from '../tests/support/host-process.ts';

const OUTPUT_DIR = join(REPO_ROOT, 'docs/screenshots');
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? join(REPO_ROOT, 'dist');
// Retina-sharp text without PNGs that bloat the repository.
const DEVICE_SCALE_FACTOR = 2;
const MAX_PNG_BYTES = 400 * 1024;

// Where the featured ride's two passengers get off.
const DROPOFFS = ['Bedok Mall, 311 New Upper Changi Road', 'Paya Lebar Quarter, 10 Paya Lebar Road'];

// Ride times are written in Singapore time, which is what members see in the app.
function singaporeTime(daysAhead: number, time: string): string {
  const today = new Date(Date.now() + 8 * 3_600_000);
  today.setUTCDate(today.getUTCDate() + daysAhead);
  return new Date(`${today.toISOString().slice(0, 10)}T${time}:00+08:00`).toISOString();
}

// The ISO weekday (1 = Monday) and the day (YYYY-MM-DD) of an instant, in Singapore.
function singaporeWeekday(iso: string): number {
  return ((new Date(Date.parse(iso) + 8 * 3_600_000).getUTCDay() + 6) % 7) + 1;
}
function singaporeDay(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);
}

async function postAs(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

// newAppContext's viewports, the phone at twice the pixel density: it has no option for that.
async function phoneContext(
  browser: Browser,
  baseURL: string,
  viewport: ViewportName = 'phone',
): Promise<BrowserContext> {
  const phone = viewport === 'phone';
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: phone ? DEVICE_SCALE_FACTOR : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: 'en-SG',
    timezoneId: 'Asia/Singapore',
  });
  await stubOutsideWorld(context);
  return context;
}

// Each person gets a context of their own, so each keeps their own session cookie. Everyone is
// a member of the fixture already.
async function logIn(browser: Browser, baseURL: string, discordUsername: string): Promise<BrowserContext> {
  const context = await phoneContext(browser, baseURL);
  await loginViaApi(context, discordUsername, FIXTURE_PASSWORD);
  return context;
}

// The story on top of two years of rides: Tan Wei Ming's ride tomorrow morning with two
// passengers and a driver, more rides in the next days, a forgotten password, a vendor at work.
async function seed(browser: Browser, baseURL: string) {
  const admin = await logIn(browser, baseURL, ADMIN.discordUsername);
  const organiser = await logIn(browser, baseURL, ORGANISER.discordUsername);
  const secondOrganiser = await logIn(browser, baseURL, SECOND_ORGANISER.discordUsername);
  // Two years of history left everyone hundreds of unread notifications: the story's own events
  // are the ones the bells count.
  for (const person of [ADMIN, ORGANISER, SECOND_ORGANISER, MEMBER, VENDOR, ...PASSENGERS]) {
    const context = await logIn(browser, baseURL, person.discordUsername);
    await postAs(context, '/api/notifications/read', { all: true });
    await context.close();
  }

  const featured = await createRideViaApi(organiser, {
    direction: 'FC->SG',
    date: singaporeTime(1, '07:30'),
    maxPassengers: 4,
    pickupLocation: 'Forest City',
    dropoffLocations: [{ location: 'Tampines Mall, 4 Tampines Central 5', passengerCount: 1 }],
    organizerPassengerCount: 1,
  });
  const secondRide = await createRideViaApi(organiser, {
    direction: 'SG->FC',
    date: singaporeTime(1, '18:45'),
    maxPassengers: 4,
    pickupLocation: 'Tampines MRT Station, Exit B',
    organizerPassengerCount: 1,
  });
  await createRideViaApi(secondOrganiser, {
    direction: 'SG->FC',
    date: singaporeTime(2, '09:00'),
    maxPassengers: 5,
    pickupLocation: 'Jurong East MRT Station, Exit D (taxi stand)',
    organizerPassengerCount: 2,
  });
  // Full with the organiser's own party: the waitlist screen.
  const fullRide = await createRideViaApi(secondOrganiser, {
    direction: 'SG->FC',
    date: singaporeTime(2, '19:15'),
    maxPassengers: 3,
    pickupLocation: 'Boon Lay MRT Station, Exit C',
    organizerPassengerCount: 3,
  });
  await createRideViaApi(secondOrganiser, {
    direction: 'FC->SG',
    date: singaporeTime(3, '17:30'),
    maxPassengers: 5,
    pickupLocation: 'Forest City',
    dropoffLocations: [{ location: 'Woodlands MRT Station', passengerCount: 2 }],
    organizerPassengerCount: 2,
  });

  const others: BrowserContext[] = [admin, organiser, secondOrganiser];
  for (const [index, person] of PASSENGERS.entries()) {
    const passenger = await logIn(browser, baseURL, person.discordUsername);
    await postAs(passenger, `/api/rides/${featured.id}/join`, {
      rideId: featured.id,
      passengerCount: 1,
      dropoffLocation: DROPOFFS[index],
    });
    others.push(passenger);
  }
  // A member who forgot their password, so the admin card shows what it is for. The request is
  // anonymous; any context can send it.
  await postAs(admin, '/api/request-password-reset', { discordUsername: PASSENGERS[0]!.discordUsername });

  // The vendor drives both of Tan Wei Ming's rides: the ride page shows its driver, the
  // dashboard both of its lists. The fixture approved the vendor; a fixture built before vendor
  // approval existed has them waiting, and the admin approves them here.
  const vendor = await logIn(browser, baseURL, VENDOR.discordUsername);
  const me = await (await vendor.request.get('/api/auth/me')).json();
  if (me.vendorStatus && me.vendorStatus !== 'approved') {
    await postAs(admin, `/api/admin/vendors/${me.id}/approve`, {
      licenceNote: 'Checked SSM company profile, cross-border permit for JQB 8812, called the driver',
    });
  }
  await postAs(vendor, `/api/rides/${featured.id}/assign`, {});
  await postAs(vendor, `/api/rides/${secondRide.id}/assign`, {});
  others.push(vendor);

  // The first passenger has paid and said so; the organiser has confirmed the second: the
  // payments card shows each state.
  await postAs(others[3]!, `/api/rides/${featured.id}/payment/claim`, {});
  const passengers = await (await organiser.request.get(`/api/rides/${featured.id}/passengers`)).json();
  const secondEntry = passengers.find(
    (entry: { user?: { discordUsername?: string } }) => entry.user?.discordUsername === PASSENGERS[1]!.discordUsername,
  );
  if (secondEntry)
    await postAs(organiser, `/api/rides/${featured.id}/passengers/${secondEntry.id}/payment`, { paid: true });

  // Issue 24: a passenger asks for a ride back, another says Me too; the member keeps an alert.
  // Issue 25: the ride's conversation has a few lines.
  const inTwoDays = singaporeTime(2, '12:00').slice(0, 10);
  const request = await postAs(others[3]!, '/api/ride-requests', {
    direction: 'FC->SG',
    date: inTwoDays,
    startTime: '17:00',
    endTime: '21:00',
    passengerCount: 2,
    area: 'Tampines',
    note: 'Two of us with one suitcase',
  });
  await postAs(others[4]!, `/api/ride-requests/${request.id}/me-too`, { passengerCount: 1, area: 'Bedok' });
  const member = await logIn(browser, baseURL, MEMBER.discordUsername);
  await postAs(member, '/api/ride-alerts', {
    direction: 'FC->SG',
    weekdays: [5],
    windowStart: '17:00',
    windowEnd: '21:00',
  });
  // Issue 27: a weekly commute for eight weeks on two weekdays; the member rides every date.
  const firstCommute = singaporeTime(1, '06:30');
  const commuteDays = [0, 4].map((offset) => ((singaporeWeekday(firstCommute) + offset - 1) % 7) + 1);
  const commute = await postAs(secondOrganiser, '/api/rides', {
    direction: 'FC->SG',
    date: firstCommute,
    maxPassengers: 4,
    pickupLocation: 'Forest City, Phoenix Hotel lobby',
    dropoffLocations: [{ location: 'Jurong East MRT Station', passengerCount: 1 }],
    organizerPassengerCount: 1,
    repeat: { weekdays: commuteDays, until: singaporeDay(singaporeTime(56, '06:30')) },
  });
  await postAs(member, `/api/series/${commute.seriesId}/join`, { passengerCount: 1, dropoffLocation: 'Jurong East' });
  await member.close();
  await postAs(organiser, `/api/rides/${featured.id}/messages`, {
    body: 'Meet at the taxi stand, exit B. I will wear a red cap.',
  });
  await postAs(others[3]!, `/api/rides/${featured.id}/messages`, { body: 'On my way, 5 minutes' });

  // Issue 40: a ride on its day, leaving within the hour: the driver has set off and reached the
  // first pickup, one passenger runs late, the other waits at their stop.
  const todayRide = await createRideViaApi(secondOrganiser, {
    direction: 'SG->FC',
    date: new Date(Math.ceil((Date.now() + 45 * 60_000) / 300_000) * 300_000).toISOString(),
    maxPassengers: 4,
    pickupLocation: 'Bedok MRT Station, Exit A',
    organizerPassengerCount: 1,
  });
  const todayStops = ['Paya Lebar MRT Station, Exit C', 'Eunos MRT Station'];
  const travellers = others.slice(3, 5);
  for (const [index, passenger] of travellers.entries()) {
    await postAs(passenger, `/api/rides/${todayRide.id}/join`, {
      rideId: todayRide.id,
      passengerCount: 1,
      dropoffLocation: todayStops[index],
    });
  }
  await postAs(vendor, `/api/rides/${todayRide.id}/assign`, {});
  await postAs(vendor, `/api/rides/${todayRide.id}/trip/car-steps`, { step: 'on_the_way' });
  await postAs(vendor, `/api/rides/${todayRide.id}/trip/car-steps`, {
    step: 'at_stop',
    stop: 'Bedok MRT Station, Exit A',
  });
  await postAs(travellers[0]!, `/api/rides/${todayRide.id}/trip/passenger-steps`, { step: 'late', lateMinutes: 10 });
  await postAs(travellers[1]!, `/api/rides/${todayRide.id}/trip/passenger-steps`, { step: 'at_stop' });

  await Promise.all(others.map((context) => context.close()));
  return {
    todayRideId: todayRide.id as number,
    featuredRideId: featured.id as number,
    fullRideId: fullRide.id as number,
    requestId: request.id as number,
    seriesId: commute.seriesId as number,
  };
}

// A fresh context logged in through the api, the way a returning member arrives.
async function pageAs(
  browser: Browser,
  baseURL: string,
  discordUsername: string | null,
  viewport: ViewportName = 'phone',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, baseURL, viewport);
  if (discordUsername) await loginViaApi(context, discordUsername, FIXTURE_PASSWORD);
  const page = await context.newPage();
  return { context, page };
}

// Nothing loading and the fonts in place; then the part worth showing is brought up to just
// under the sticky header, since a phone screen holds only the top of these pages.
async function settle(page: Page, showFrom?: Locator) {
  await page.waitForFunction(() => !document.querySelector('.loading, [aria-busy="true"]'), undefined, {
    timeout: 15_000,
  });
  await page.evaluate(() => document.fonts.ready);
  const top = showFrom ? await showFrom.evaluate((element) => element.getBoundingClientRect().top + window.scrollY) : 0;
  await page.evaluate((y) => {
    const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo(0, Math.max(0, y - header - 16));
  }, top);
  // One frame for the scroll to paint before the capture.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function capture(page: Page, file: string) {
  const path = join(OUTPUT_DIR, file);
  await page.screenshot({ path, fullPage: false, animations: 'disabled', caret: 'hide' });
  const bytes = statSync(path).size;
  console.log(`docs/screenshots/${file}: ${bytes} bytes`);
  if (bytes > MAX_PNG_BYTES) throw new Error(`docs/screenshots/${file} is ${bytes} bytes, over ${MAX_PNG_BYTES}`);
}

interface Screen {
  name: string;
  path: string;
  // Who looks: a username, or null for a visitor.
  as: string | null;
  ready: (page: Page) => Promise<unknown>;
  showFrom?: (page: Page) => Locator;
}

async function openPassengersTab(page: Page) {
  await page.getByRole('heading', { name: 'Ride information' }).waitFor();
  await page.getByRole('tab', { name: /Passengers/ }).click();
}

function screens(
  featuredRideId: number,
  fullRideId: number,
  requestId: number,
  seriesId: number,
  todayRideId: number,
): Screen[] {
  return [
    // The ride on its day (issue 40) first, while the driver's last step can still be undone.
    {
      name: 'today-driver',
      path: `/rides/${todayRideId}`,
      as: VENDOR.discordUsername,
      ready: (page) => page.getByRole('list', { name: 'Passengers today' }).waitFor(),
    },
    {
      name: 'today-passenger',
      path: `/rides/${todayRideId}`,
      as: PASSENGERS[1]!.discordUsername,
      ready: (page) => page.getByRole('button', { name: 'Not coming' }).waitFor(),
    },
    {
      name: 'home',
      path: '/home',
      as: MEMBER.discordUsername,
      ready: (page) => page.locator('article[aria-labelledby^="ride-"]').first().waitFor(),
    },
    {
      name: 'home-visitor',
      path: '/home',
      as: null,
      ready: (page) => page.locator('article[aria-labelledby^="ride-"]').first().waitFor(),
    },
    {
      name: 'ride-detail',
      path: `/rides/${featuredRideId}`,
      as: ORGANISER.discordUsername,
      ready: async (page) => {
        await page.getByRole('heading', { name: 'Ride information' }).waitFor();
        // The stops list and the border checklist both name it.
        await page.getByText(DROPOFFS[1]!).first().waitFor();
      },
    },
    {
      name: 'join',
      path: `/rides/${featuredRideId}/join`,
      as: MEMBER.discordUsername,
      // The form comes after the passenger list is read, behind the page's own spinner.
      ready: (page) => page.getByRole('form', { name: 'Join ride' }).waitFor(),
    },
    {
      name: 'create-ride',
      path: '/rides/create',
      as: MEMBER.discordUsername,
      ready: (page) => page.getByText('As the organizer you book the car').waitFor(),
    },
    {
      name: 'my-rides',
      path: '/home?tab=mine',
      as: ORGANISER.discordUsername,
      ready: async (page) => {
        await page.getByRole('heading', { name: 'Rides You Organized' }).waitFor();
        // The drop-off sequence card loads its passengers on its own.
        await page.getByText('Loading passengers').first().waitFor({ state: 'hidden', timeout: 15_000 });
      },
    },
    {
      name: 'ride-request',
      path: `/requests/${requestId}`,
      as: MEMBER.discordUsername,
      ready: (page) => page.getByRole('button', { name: 'Me too' }).waitFor(),
    },
    {
      name: 'series',
      path: `/series/${seriesId}`,
      as: MEMBER.discordUsername,
      ready: (page) => page.getByRole('button', { name: 'Leave the rest' }).waitFor(),
    },
    {
      name: 'ride-alerts',
      path: '/profile',
      as: MEMBER.discordUsername,
      ready: (page) => page.getByRole('list', { name: 'Your ride alerts' }).waitFor(),
      showFrom: (page) => page.getByRole('region', { name: 'Ride alerts' }),
    },
    {
      name: 'ride-chat',
      path: `/rides/${featuredRideId}`,
      as: ORGANISER.discordUsername,
      ready: async (page) => {
        await page.getByRole('tab', { name: /Chat/ }).click();
        await page.getByText('On my way, 5 minutes').waitFor();
      },
    },
    {
      name: 'inbox',
      path: '/inbox',
      as: ORGANISER.discordUsername,
      ready: (page) => page.getByRole('list', { name: 'Notifications' }).waitFor(),
    },
    {
      name: 'payments',
      path: `/rides/${featuredRideId}`,
      as: ORGANISER.discordUsername,
      ready: async (page) => {
        await openPassengersTab(page);
        await page.getByRole('list', { name: 'Payments by passenger' }).waitFor();
      },
      showFrom: (page) => page.getByRole('region', { name: 'Payments' }),
    },
    {
      name: 'pay',
      path: `/rides/${featuredRideId}`,
      as: PASSENGERS[0]!.discordUsername,
      ready: async (page) => {
        await openPassengersTab(page);
        await page.getByRole('heading', { name: 'Your payment' }).waitFor();
      },
      showFrom: (page) => page.getByRole('region', { name: 'Your payment' }),
    },
    {
      name: 'waitlist',
      path: `/rides/${fullRideId}`,
      as: MEMBER.discordUsername,
      ready: (page) => page.getByRole('heading', { name: 'Waitlist' }).waitFor(),
      showFrom: (page) => page.getByRole('region', { name: 'Waitlist' }),
    },
    {
      name: 'vendor',
      path: '/vendor',
      as: VENDOR.discordUsername,
      ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
    },
    {
      name: 'guide',
      path: '/guide',
      as: null,
      ready: (page) => page.getByRole('heading', { name: 'Uncle Lim' }).waitFor(),
    },
    {
      name: 'bus-guide',
      path: '/bus-guide',
      as: null,
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
    { name: 'auth', path: '/auth', as: null, ready: (page) => page.getByRole('tab', { name: 'Register' }).waitFor() },
    {
      // The admin's tools have their own page, one tap from the menu (issue 37 §4).
      name: 'admin',
      path: '/admin',
      as: ADMIN.discordUsername,
      ready: (page) => page.getByRole('button', { name: `Use ${PASSENGERS[0]!.discordUsername}` }).waitFor(),
      showFrom: (page) => page.getByRole('region', { name: 'Admin tools' }),
    },
  ];
}

async function main() {
  const availability = e2eAvailability();
  if (!availability.run) throw new Error(availability.reason);
  mkdirSync(OUTPUT_DIR, { recursive: true });

  const dataDir = mkdtempSync(join(tmpdir(), 'fc-screenshots-'));
  let browser: Browser | undefined;
  try {
    const prepared = await preparePgliteFixture(dataDir);
    console.log(
      `Community fixture ready (${prepared.built ? `built in ${prepared.meta.buildSeconds} s, ` : 'from the cache, '}restored in ${prepared.restoreSeconds} s)`,
    );
    const app = await startHost({ env: { DATA_DIR: dataDir, STATIC_DIR } });
    try {
      browser = await launchChromium();
      const { featuredRideId, fullRideId, requestId, seriesId, todayRideId } = await seed(browser, app.url);

      for (const viewport of ['phone', 'desktop'] as const) {
        for (const screen of screens(featuredRideId, fullRideId, requestId, seriesId, todayRideId)) {
          const { context, page } = await pageAs(browser, app.url, screen.as, viewport);
          await page.goto(screen.path);
          await screen.ready(page);
          await settle(page, screen.showFrom?.(page));
          await capture(page, `${screen.name}-${viewport}.png`);
          await context.close();
        }
      }
    } finally {
      await browser?.close();
      await app.stop('SIGTERM', 60_000);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
