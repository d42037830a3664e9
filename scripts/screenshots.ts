// Screenshots of every screen of the built app, at phone (375 px) and desktop (1280 px) width:
// docs/screenshots/<screen>-<phone|desktop>.png; the README shows the phone set.
// Run: npm run screenshots (builds first). Starts the real host on a throwaway data directory,
// seeds it through the api like real members would, and drives Debian's Chromium.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { REPO_ROOT } from '../tests/support/host-process.ts';
import { startApp } from '../e2e/support/app-host.ts';
import { e2eAvailability, launchChromium, stubOutsideWorld, VIEWPORTS, type ViewportName } from '../e2e/support/browser.ts';
import { createRideViaApi, loginViaApi, registerViaApi } from '../e2e/support/journey-kit.ts';

const OUTPUT_DIR = join(REPO_ROOT, 'docs/screenshots');
// Retina-sharp text without PNGs that bloat the repository.
const DEVICE_SCALE_FACTOR = 2;
const MAX_PNG_BYTES = 400 * 1024;

interface Person {
  discordUsername: string;
  name: string;
  whatsappNumber?: string;
  malaysianNumber?: string;
  revolutUsername?: string;
}

const ADMIN: Person = { discordUsername: 'admin', name: 'Community Admin', whatsappNumber: '+65 8000 1234' };
const ORGANISER: Person = {
  discordUsername: 'weiming.tan',
  name: 'Tan Wei Ming',
  whatsappNumber: '+65 9123 4567',
  malaysianNumber: '+60 12 345 6789',
  revolutUsername: 'weimingtan',
};
const SECOND_ORGANISER: Person = {
  discordUsername: 'priya.n',
  name: 'Priya Nair',
  whatsappNumber: '+65 8765 4321',
  malaysianNumber: '+60 11 2345 6789',
};
const PASSENGERS: Array<Person & { dropoffLocation: string }> = [
  {
    discordUsername: 'arjun.k',
    name: 'Arjun Kumar',
    whatsappNumber: '+65 9234 5678',
    dropoffLocation: 'Bedok Mall, 311 New Upper Changi Road',
  },
  {
    discordUsername: 'siti.r',
    name: 'Siti Rahman',
    whatsappNumber: '+65 9345 6789',
    malaysianNumber: '+60 13 456 7890',
    dropoffLocation: 'Paya Lebar Quarter, 10 Paya Lebar Road',
  },
];
const MEMBER: Person = { discordUsername: 'meiling.lim', name: 'Lim Mei Ling', whatsappNumber: '+65 9456 7890' };
const VENDOR: Person & { isVendor: true; companyName: string; driverDetails: Record<string, string> } = {
  discordUsername: 'lim.transport',
  name: 'Lim Ah Kow',
  whatsappNumber: '+65 8111 2222',
  isVendor: true,
  companyName: 'Lim Cross-Border Transport',
  driverDetails: { name: 'Lim Ah Kow', contact: '+60 12 888 1234', carNumber: 'JQB 8812' },
};

// Ride times are written in Singapore time, which is what members see in the app.
function singaporeTime(daysAhead: number, time: string): string {
  const today = new Date(Date.now() + 8 * 3_600_000);
  today.setUTCDate(today.getUTCDate() + daysAhead);
  return new Date(`${today.toISOString().slice(0, 10)}T${time}:00+08:00`).toISOString();
}

async function postAs(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

// newAppContext's viewports, the phone at twice the pixel density: it has no option for that.
async function phoneContext(browser: Browser, baseURL: string, viewport: ViewportName = 'phone'): Promise<BrowserContext> {
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

// Each person gets a context of their own, so each keeps their own session cookie.
async function register(browser: Browser, baseURL: string, person: Person): Promise<BrowserContext> {
  const context = await phoneContext(browser, baseURL);
  const { discordUsername, ...profile } = person;
  await registerViaApi(context, discordUsername, profile);
  return context;
}

async function seed(browser: Browser, baseURL: string) {
  // The admin is user 1 named ADMIN_USERNAME ('admin' by default), so it registers first.
  const admin = await register(browser, baseURL, ADMIN);
  const organiser = await register(browser, baseURL, ORGANISER);
  const secondOrganiser = await register(browser, baseURL, SECOND_ORGANISER);

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
  await createRideViaApi(secondOrganiser, {
    direction: 'FC->SG',
    date: singaporeTime(3, '17:30'),
    maxPassengers: 5,
    pickupLocation: 'Forest City',
    dropoffLocations: [{ location: 'Woodlands MRT Station', passengerCount: 2 }],
    organizerPassengerCount: 2,
  });

  const others: BrowserContext[] = [admin, organiser, secondOrganiser];
  for (const { dropoffLocation, ...person } of PASSENGERS) {
    const passenger = await register(browser, baseURL, person);
    await postAs(passenger, `/api/rides/${featured.id}/join`, { rideId: featured.id, passengerCount: 1, dropoffLocation });
    others.push(passenger);
  }
  others.push(await register(browser, baseURL, MEMBER));
  // A member who forgot their password, so the admin card shows what it is for. The request is
  // anonymous; any context can send it.
  await postAs(admin, '/api/request-password-reset', { discordUsername: PASSENGERS[0]!.discordUsername });

  // A vendor with one ride assigned, so the dashboard shows both of its lists.
  const vendor = await register(browser, baseURL, VENDOR);
  await postAs(vendor, `/api/rides/${secondRide.id}/assign`, {});
  others.push(vendor);

  await Promise.all(others.map((context) => context.close()));
  return { featuredRideId: featured.id as number };
}

// A fresh context logged in through the api, the way a returning member arrives.
async function pageAs(
  browser: Browser,
  baseURL: string,
  discordUsername: string | null,
  viewport: ViewportName = 'phone',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, baseURL, viewport);
  if (discordUsername) await loginViaApi(context, discordUsername);
  const page = await context.newPage();
  return { context, page };
}

// Nothing loading and the fonts in place; then the part worth showing is brought up to just
// under the sticky header, since a phone screen holds only the top of these pages.
async function settle(page: Page, showFrom?: Locator) {
  await page.waitForFunction(() => !document.querySelector('.loading, [aria-busy="true"]'), undefined, { timeout: 15_000 });
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

function screens(featuredRideId: number): Screen[] {
  return [
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
        await page.getByText(PASSENGERS[1]!.dropoffLocation).waitFor();
      },
    },
    {
      name: 'join',
      path: `/rides/${featuredRideId}/join`,
      as: MEMBER.discordUsername,
      ready: (page) => page.getByRole('heading', { name: 'Join Ride' }).waitFor(),
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
      ready: (page) => page.getByRole('heading', { name: 'Rides You Organized' }).waitFor(),
    },
    {
      name: 'vendor',
      path: '/vendor',
      as: VENDOR.discordUsername,
      ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
    },
    { name: 'guide', path: '/guide', as: null, ready: (page) => page.getByRole('heading', { name: 'Uncle Lim' }).waitFor() },
    { name: 'bus-guide', path: '/bus-guide', as: null, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
    { name: 'auth', path: '/auth', as: null, ready: (page) => page.getByRole('tab', { name: 'Register' }).waitFor() },
    {
      name: 'profile',
      path: '/profile',
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

  const app = await startApp();
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const { featuredRideId } = await seed(browser, app.url);

    for (const viewport of ['phone', 'desktop'] as const) {
      for (const screen of screens(featuredRideId)) {
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
    await app.close();
  }
}

await main();
