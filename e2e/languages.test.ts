// The three languages on a phone (375 px, touch): every route of src/app/router.tsx rendered in
// 中文 and in Melayu with nothing left in English (member-entered data is marked translate="no"
// and skipped; brand and place names are allowed), no message id or ICU syntax leaking; home,
// ride detail, join and profile axe clean with the right <html lang> in all three; and a
// switch of language in the menu that works offline once the app was visited.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { BrowserContext, Page } from 'playwright-core';
import { assert, describe, expect, it } from 'vitest';

import { ROUTES as APP_ROUTES } from '../src/app/routes-table.ts';
import { REPO_ROOT } from '../tests/support/host-process.ts';
import { e2eAvailability, expectAccessible, waitForServiceWorkerControl } from './support/browser.ts';
import { createRideViaApi, loginViaApi, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';
import { approveVendorViaApi } from './support/vendor-kit.ts';

const availability = e2eAvailability();

type Language = 'en' | 'zh' | 'ms';
const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-Hans', ms: 'ms' };
const LANGUAGE_LABEL: Record<Language, string> = { en: 'English', zh: '中文 (zh)', ms: 'Melayu (ms)' };

// ---------------------------------------------------------------------------------------------
// What may stay in Latin letters on a 中文 or Melayu page.

// Names written the same in every language, removed before the text is cut into words.
const ALLOWED_PHRASES = [
  'FC RideShare',
  'SG->FC',
  'FC->SG',
  'SG → FC',
  'FC → SG',
  'Forest City',
  'Causeway Link',
  'Second Link',
  'Johor Bahru',
  'Bahasa Melayu',
  'Sultan Abu Bakar',
  'Tampines Mall',
  // Official names of cards and services, kept as their issuers write them.
  "Touch 'n Go",
  'Touch ’n Go',
  'SG Arrival Card',
  'Malaysia Digital Arrival Card',
];

// Brands, places, currencies and codes (spelt exactly so: a lowercase "link" is English).
const ALLOWED_WORDS = new Set([
  'FC',
  'RideShare',
  'Revolut',
  'PayNow',
  'WhatsApp',
  'Discord',
  'SGD',
  'SG',
  'RM',
  'MYR',
  'Forest',
  'City',
  'Tuas',
  'Woodlands',
  'Johor',
  'Bahru',
  'JB',
  'CIQ',
  'BSI',
  'KSL',
  'Causeway',
  'Link',
  'Second',
  'CW',
  'MRT',
  'LRT',
  'ICA',
  'MDAC',
  'SSM',
  'MY',
  'Pasir',
  'Ris',
  'Tampines',
  'Toyota',
  'Alphard',
  'HiAce',
  'USDT',
  'USDC',
  'Leaflet',
  'OpenStreetMap',
  // Push services the privacy notice names.
  'Google',
  'Apple',
  'IP',
  // The prefix of a payment reference (FCRS-12).
  'FCRS',
  'QR',
  'OK',
  'am',
  'pm',
  'AM',
  'PM',
]);

// Frequent English words of the interface that are not Malay words. Words Malay shares with
// English (bus, data, status, menu, hotel, van, admin, vendor, …) are left out, and so are the
// allowed names above, so a correct Malay page is not flagged for them.
const ENGLISH_WORDS = new Set(
  `
  a aboard about above accept accepted accessible account across action actions active actual add
  added adding additional address after afternoon again against age ago agree all allow allowed
  almost alone along already also always an and another answer any anyone anything anyway
  app application applications applied applies apply applying approval approve approved are area around
  arrival arrive arrived arrives arrows as ask asked assign assigned assignment at aug august
  authority available away back bag be because becomes been before beforehand being bell belongings
  below between bike blocked board book booked booking books border both bottom box breakdown
  bridge bring buses but button by calendar call called can can't cancel cancelled cannot
  car card cards carry cars cash chain chains change changed changes characters charge chartered
  chat cheapest check checked checking checklist checkpoint checkpoints checks choose chosen citizens clear clearing
  click close closed code collect collected collects come coming communication community commuter company complete
  confirm confirmed contact contactless contacts content continue contributors copied copy cost costs could count
  country create created creates cross crossing current customs daily dashboard date dates day days
  dec december delete deleted depart departs departure departures destination detail details device devices did
  digits direction directions directly do documents does doesn't don't done down drag drive driver
  drivers driving drop drop-off dropoff each earliest early edit either email empty enable end
  english enter entered entry error evening every everyone everything example exist exit expiry extra
  fare fares february fee few field fill filled filter filters find first follow for
  foreign forgot found free frequency fri friday from full gave get give go going
  got graphic group guide guides had happens has have haven't he help her here
  hide his home hour hours how i i'll i'm i've if immigration in inbox
  including indicative information inside interactive into is issue it its january join joined joining
  joins july june just keep kept know landmark language last later latest leave leaves
  left leg less let library licence like limit lines list load loaded loading location
  locked logged login logout long look looking lost made mail make many maps mar
  march mark marked may maybe me means member members message messages mine minute minutes
  missing mon monday month months more morning most move moved multiple must my name
  near need needed needs never new next night nobody none not note notes nothing
  notification notifications notify now number oct october of off offer official offline often
  on once one online only open opened opens optional options or order organise organised
  organiser organize organized organizer organizers other our out over own page paid party passenger
  passengers passport password past pay paying payment payments pending people permanent person phone pick
  pick-up pickup pickups place places plan plate please point pops possible preferred price prices
  profile public push put queue quick rate reach read ready reason receive received recent
  recipient recommended reference refuse register registered registering release released remind reminder reminders remove removed
  reply request requested requests required requirements reset residents resources responsibilities rest return returns review
  revoke ride rider riders rides right route routes rules runs said same sat saturday
  save saved says schedule search seat seats second see seen sees select send sending
  sent sequence sets settings share shared shares should show shown shows side sign
  signed since singapore site six skip someone soon sort split splits spot spots start
  starts station stay step steps still stop stops straight submit such suggested suggestions sun
  sunday supports sure switch take taken takes tap taxi tell templates than thank thanks
  that the their them themselves then there these they thing things this those through
  thu thursday ticket ticks time times timetable to today together told tomorrow too took
  tools touch transfer transfers transport travel travelled travelling try tue tuesday turn two type
  under unpaid unread untested until up upcoming update updated us use used user username
  users using valid validity vehicle view visitor visitors wait waiting waitlist want was way
  ways we wed wednesday week weekly welcome well were what when where which while
  who whole why will with within without won't word work works would wrong yes
  yesterday yet you you're you've your yours yourself zoom
  `
    .split(/\s+/)
    .filter(Boolean),
);

// The words of a text in Latin letters (with an inner apostrophe: "don't"), after the allowed
// names, web addresses and e-mail addresses are taken out.
function latinWords(text: string): string[] {
  let rest = text;
  for (const phrase of ALLOWED_PHRASES) rest = rest.split(phrase).join(' ');
  rest = rest
    .replace(/(?:https?:\/\/|www\.)\S+/gi, ' ')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
    .replace(/\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|sg|my|org|net|gov|io|me)\b(?:\/\S*)?/gi, ' ');
  return rest.match(/[A-Za-z]+(?:['’][A-Za-z]+)?/g) ?? [];
}

// 中文 is written without Latin letters: any word of three letters or more that is not an allowed
// name is English left over. Melayu is written in Latin letters: only known English words are.
function leftoverWords(text: string, language: Language): string[] {
  return latinWords(text).filter((word) => {
    if (ALLOWED_WORDS.has(word)) return false;
    if (language === 'zh') return word.length >= 3;
    const lower = word.toLowerCase().replace('’', "'");
    return word.length >= 2 && (ENGLISH_WORDS.has(lower) || ENGLISH_WORDS.has(lower.replace(/'s$/, '')));
  });
}

// Lingui's compiled ids are six characters of base64url; ICU placeholders are {name} or
// {count, plural, …}. Either on screen means a message was not compiled or not looked up.
function leakedSyntax(text: string): string[] {
  const leaks: string[] = [];
  for (const match of text.matchAll(
    /\{[A-Za-z0-9_]+(?:\s*,\s*(?:plural|select|selectordinal|number|date|time)\b[^}]*)?\}?/g,
  )) {
    if (match[0].startsWith('{') && /^\{[A-Za-z0-9_]+(\}|\s*,)/.test(match[0])) leaks.push(match[0]);
  }
  for (const token of text.split(/\s+/)) {
    if (!/^[A-Za-z0-9_-]{6}$/.test(token) || ALLOWED_WORDS.has(token)) continue;
    // Ordinary words, capital codes (FCRS-1) and numbers (12-000) are not ids.
    if (/^[A-Z]?[a-z]+$/.test(token) || !/[a-z]/.test(token)) continue;
    leaks.push(token);
  }
  return leaks;
}

// ---------------------------------------------------------------------------------------------
// What the page shows: visible text and the labels read aloud, without member-entered data.

interface Seen {
  // Visible text, one string per block (a paragraph, a button, a cell); a skipped
  // translate="no" part reads "‹…›".
  texts: string[];
  // aria-label, placeholder, title, alt … of rendered elements, and the document's title.
  labels: string[];
}

// Runs in the page. Only arrow functions, so nothing the test runner adds to named functions
// ends up in the serialised source.
const collectSeen = (): Seen => {
  const pageLang = document.documentElement.lang.toLowerCase();
  const excluded = (element: Element): boolean => {
    const untranslated = element.closest('[translate]');
    if (untranslated && untranslated.getAttribute('translate') === 'no') return true;
    // Text declared in another language on purpose (the picker's "English", "简体中文").
    const declared = element.closest('[lang]');
    if (declared && declared !== document.documentElement) {
      const lang = declared.getAttribute('lang')?.toLowerCase() ?? '';
      if (lang && !pageLang.startsWith(lang.split('-')[0])) return true;
    }
    return false;
  };
  const rendered = (element: Element): boolean => {
    // Options have no box of their own: they show when their select does.
    const box = element.closest('select') ?? element;
    return box.checkVisibility({ visibilityProperty: true, checkVisibilityCSS: true } as CheckVisibilityOptions);
  };
  const blockCache = new Map<Element, Element>();
  const blockOf = (element: Element): Element => {
    const cached = blockCache.get(element);
    if (cached) return cached;
    let block: Element = element;
    while (block.parentElement && block !== document.body) {
      const display = getComputedStyle(block).display;
      if (!display.startsWith('inline') && display !== 'contents') break;
      block = block.parentElement;
    }
    blockCache.set(element, block);
    return block;
  };

  const blocks = new Map<Element, string[]>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      if (node.nodeType === Node.ELEMENT_NODE) {
        const element = node as Element;
        if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'svg'].includes(element.tagName))
          return NodeFilter.FILTER_REJECT;
        if (element.getAttribute('translate') === 'no' && element.parentElement && rendered(element)) {
          const block = blockOf(element.parentElement);
          blocks.set(block, [...(blocks.get(block) ?? []), '‹…›']);
        }
        return excluded(element) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
      }
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent ?? '';
    // A space between two elements is kept: it is what keeps "1:10 PG" and "Anda" two words.
    if (!parent || !rendered(parent)) continue;
    const block = blockOf(parent);
    blocks.set(block, [...(blocks.get(block) ?? []), text]);
  }
  const texts = [...blocks.values()]
    .map((parts) => parts.join('').replace(/\s+/g, ' ').trim())
    .filter((text) => text && text !== '‹…›');

  const labels: string[] = [document.title];
  const attributes = [
    'aria-label',
    'aria-description',
    'aria-roledescription',
    'aria-valuetext',
    'aria-placeholder',
    'placeholder',
    'title',
    'alt',
  ];
  for (const element of document.body.querySelectorAll(attributes.map((name) => `[${name}]`).join(','))) {
    if (excluded(element) || element.closest('[aria-hidden="true"]') || !rendered(element)) continue;
    for (const name of attributes) {
      const value = element.getAttribute(name)?.trim();
      if (value) labels.push(value);
    }
  }
  for (const input of document.body.querySelectorAll<HTMLInputElement>(
    'input[type="submit"], input[type="button"], input[type="reset"]',
  )) {
    if (!excluded(input) && rendered(input) && input.value.trim()) labels.push(input.value.trim());
  }
  return { texts, labels };
};

// ---------------------------------------------------------------------------------------------
// Every route of src/app/router.tsx, and who opens it.

type Who = 'visitor' | 'organiser' | 'passenger' | 'member' | 'vendor' | 'pendingVendor' | 'admin';
const WHO: Who[] = ['visitor', 'organiser', 'passenger', 'member', 'vendor', 'pendingVendor', 'admin'];

interface Seeded {
  names: Record<Who, string>;
  // Assigned to the vendor, with a passenger: the richest ride detail.
  ride: number;
  // Open, with a passenger: the one the member joins.
  openRide: number;
  // The organiser's weekly series (issue 27), which the passenger rides every date of, and its
  // first date.
  series: number;
  seriesRide: number;
  // The member's "Looking for a ride", with the passenger's "Me too".
  request: number;
  // What the members entered (names, usernames, places, companies, drivers): inside a label
  // (aria-label="Move Siti Aminah up") it cannot be marked translate="no", so it is taken out of
  // the labels before they are read.
  memberData: string[];
}

interface Visit {
  who: Who;
  path: (seeded: Seeded) => string;
  // Language-neutral sign that the page's own data is on screen.
  ready?: string;
  // Only a redirect: where it must land.
  redirectsTo?: string;
}

// Keyed by the path as router.tsx writes it ('' for the index route).
const ROUTES: Record<string, Visit[]> = {
  '': [{ who: 'visitor', path: () => '/', redirectsTo: '/home' }],
  home: [
    { who: 'visitor', path: () => '/home', ready: 'article[id^="ride-"]' },
    { who: 'organiser', path: () => '/home', ready: 'article[id^="ride-"]' },
    { who: 'vendor', path: () => '/home', ready: 'article[id^="ride-"]' },
    // Home for a vendor still waiting is their "Waiting for approval" (issue 37 §4).
    { who: 'pendingVendor', path: () => '/home', ready: 'h1#vendor-approval-title' },
    { who: 'passenger', path: () => '/home?tab=requests', ready: 'article[aria-labelledby^="request-"]' },
  ],
  auth: [{ who: 'visitor', path: () => '/auth', ready: 'main form' }],
  guide: [{ who: 'visitor', path: () => '/guide' }],
  'bus-guide': [{ who: 'visitor', path: () => '/bus-guide' }],
  'rides/create': [{ who: 'organiser', path: () => '/rides/create', ready: 'main form' }],
  'rides/edit/:id': [
    { who: 'organiser', path: (s) => `/rides/edit/${s.openRide}`, ready: 'main form' },
    { who: 'organiser', path: (s) => `/rides/edit/${s.seriesRide}`, ready: 'main form' },
  ],
  'rides/:id/join': [{ who: 'member', path: (s) => `/rides/${s.openRide}/join`, ready: 'main form' }],
  'rides/:id': [
    { who: 'visitor', path: (s) => `/rides/${s.ride}`, ready: '#ride-title' },
    { who: 'organiser', path: (s) => `/rides/${s.ride}`, ready: '#ride-title' },
    { who: 'passenger', path: (s) => `/rides/${s.ride}`, ready: '#ride-title' },
    { who: 'vendor', path: (s) => `/rides/${s.ride}`, ready: '#ride-title' },
    { who: 'passenger', path: (s) => `/rides/${s.seriesRide}`, ready: '#series-card-title' },
    { who: 'member', path: (s) => `/rides/${s.seriesRide}`, ready: '#series-card-title' },
  ],
  'series/:id': [
    { who: 'visitor', path: (s) => `/series/${s.series}`, ready: 'main li' },
    { who: 'organiser', path: (s) => `/series/${s.series}`, ready: 'main li' },
    { who: 'passenger', path: (s) => `/series/${s.series}`, ready: 'main li' },
    { who: 'member', path: (s) => `/series/${s.series}`, ready: 'main li' },
  ],
  vendor: [
    { who: 'vendor', path: () => '/vendor', ready: 'article[id^="ride-"]' },
    { who: 'pendingVendor', path: () => '/vendor' },
  ],
  profile: [
    { who: 'organiser', path: () => '/profile', ready: 'main form' },
    { who: 'admin', path: () => '/profile', ready: 'main form' },
  ],
  admin: [
    { who: 'admin', path: () => '/admin', ready: 'main form' },
    { who: 'organiser', path: () => '/admin' },
  ],
  inbox: [{ who: 'organiser', path: () => '/inbox', ready: 'main li' }],
  'requests/new': [{ who: 'organiser', path: () => '/requests/new', ready: 'main form' }],
  'requests/:id/edit': [{ who: 'member', path: (s) => `/requests/${s.request}/edit`, ready: 'main form' }],
  'requests/:id': [
    { who: 'visitor', path: (s) => `/requests/${s.request}`, ready: 'article[aria-labelledby^="request-"]' },
    { who: 'member', path: (s) => `/requests/${s.request}`, ready: 'article[aria-labelledby^="request-"]' },
    { who: 'organiser', path: (s) => `/requests/${s.request}`, ready: 'article[aria-labelledby^="request-"]' },
  ],
  privacy: [{ who: 'visitor', path: () => '/privacy', ready: '#policy-title' }],
  rules: [{ who: 'visitor', path: () => '/rules', ready: '#policy-title' }],
  '*': [{ who: 'visitor', path: () => '/no-such-page' }],
};

// The paths router.tsx declares, so a new route cannot be left out of the table above: every
// page of src/app/routes-table.ts, plus the index redirect and the 404 written in router.tsx.
function routerPaths(): string[] {
  const source = readFileSync(join(REPO_ROOT, 'src/app/router.tsx'), 'utf8');
  const paths: string[] = APP_ROUTES.map(({ path }) => path.slice(1));
  // Each <Route …> up to the next one: its attributes in any order, its element included.
  for (const [route] of source.matchAll(/<Route\b[\s\S]*?(?=<\/?Route\b|$)/g)) {
    const path = /\bpath=["']([^"']*)["']/.exec(route);
    if (path) paths.push(path[1]);
    else if (/^<Route\s+index\b|\sindex(?:=\{true\})?[\s/>]/.test(route)) paths.push('');
  }
  return paths;
}

// Runs work over items at most `size` at a time; the answers keep the items' order.
async function inPool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, runner));
  return answers;
}

// ---------------------------------------------------------------------------------------------
// Reading a page.

// Requests in flight per page, counted from its opening (waitForLoadState('networkidle') only
// waits once, after the navigation, not after a tab or section opens).
const inFlight = new WeakMap<Page, Set<unknown>>();
function trackRequests(page: Page) {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

async function networkQuiet(page: Page) {
  const pending = inFlight.get(page);
  if (!pending) return;
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 400) return;
    await page.waitForTimeout(100);
  }
}

async function settle(page: Page, { heading = true } = {}) {
  if (heading) await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  await networkQuiet(page);
  await expect.poll(() => page.locator('main .spinner, main .skeleton').count(), { timeout: 15_000 }).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

// Opens what a person would open to read it all: folded sections, each tab, the menu.
// How a page fits the phone: its width, and the controls whose own text is cut off.
async function fitOf(page: Page): Promise<{ width: number; clipped: string[] }> {
  return page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    clipped: [...document.querySelectorAll<HTMLElement>('button, a.btn, .badge')]
      // An icon button (named by aria-label) wears its count over its corner on purpose.
      .filter((element) => !element.closest('[aria-hidden="true"], [aria-label]'))
      .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth + 1)
      .map((element) => (element.textContent ?? '').trim().slice(0, 60)),
  }));
}

async function readWholePage(page: Page): Promise<Seen> {
  const seen: Seen = { texts: [], labels: [] };
  const add = async () => {
    const folded = await page.evaluate(() => {
      const closed = [...document.querySelectorAll('main details:not([open])')];
      closed.forEach((details) => details.setAttribute('open', ''));
      return closed.length;
    });
    // What an opened section loads.
    if (folded) await settle(page, { heading: false });
    const now = await page.evaluate(collectSeen);
    seen.texts.push(...now.texts);
    seen.labels.push(...now.labels);
  };
  await add();
  const tabs = page.locator('main [role="tab"]');
  const tabCount = await tabs.count();
  for (let index = 0; index < tabCount; index += 1) {
    const tab = tabs.nth(index);
    if ((await tab.getAttribute('aria-selected')) === 'true' || !(await tab.isVisible())) continue;
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    // A tab's panel may have no heading of its own (the ride's passengers).
    await settle(page, { heading: false });
    await add();
  }
  const menuButton = page.locator('header nav button[aria-expanded="false"]:visible');
  if (await menuButton.count()) {
    await menuButton.first().click();
    await page.locator('header select:visible').waitFor();
    await add();
  }
  return seen;
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

// ---------------------------------------------------------------------------------------------

describe.skipIf(!availability.run)('three languages on a phone', () => {
  const phones = usePhones();
  let seeded: Seeded;
  let seeding: Promise<Seeded> | undefined;

  // Through the api, once: an admin (user 1), an organiser with two rides, a passenger on each,
  // a member who joins nothing, a vendor (approved, assigned to the first ride) and a vendor
  // still waiting for the admin.
  async function seed(): Promise<Seeded> {
    const context = await phones.phone();
    const register = async (extra: Record<string, unknown> = {}, prefix = 'l') => {
      const name = username(prefix);
      await context.clearCookies();
      const user = await registerViaApi(context, name, extra);
      return { name, id: Number(user.id ?? user.user?.id) };
    };
    // The admin first: user 1, whose Profile has the admin's tools.
    await registerViaApi(context, 'admin');
    const organiser = await register({ name: 'Mei Ling Tan', revolutUsername: 'meilingpays' }, 'o');
    const ride = await createRideViaApi(context, { direction: 'SG->FC', pickupLocation: 'Pasir Ris MRT' });
    const openRide = await createRideViaApi(context, {
      direction: 'FC->SG',
      date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    });
    // Three days on and the same weekday three days later, for two weeks.
    const firstDate = new Date(Date.now() + 3 * 86_400_000);
    const singaporeDay = (time: number) => new Date(time + 8 * 3_600_000);
    const isoWeekday = (time: number) => singaporeDay(time).getUTCDay() || 7;
    const weekly = (await createRideViaApi(context, {
      direction: 'SG->FC',
      date: firstDate.toISOString(),
      repeat: {
        weekdays: [isoWeekday(firstDate.getTime()), isoWeekday(firstDate.getTime() + 3 * 86_400_000)],
        until: singaporeDay(firstDate.getTime() + 13 * 86_400_000)
          .toISOString()
          .slice(0, 10),
      },
    })) as { id: number; seriesId: number };
    const passenger = await register({ name: 'Siti Aminah' }, 'p');
    for (const id of [ride.id, openRide.id]) {
      const joined = await context.request.post(`/api/rides/${id}/join`, {
        data: { passengerCount: 1, dropoffLocation: 'Tampines MRT' },
      });
      expect(joined.status()).toBe(201);
    }
    const regular = await context.request.post(`/api/series/${weekly.seriesId}/join`, {
      data: { passengerCount: 1, dropoffLocation: 'Tampines MRT' },
    });
    expect(regular.status(), await regular.text()).toBe(200);
    const member = await register({ name: 'Kumar Raj' }, 'm');
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const asked = await context.request.post('/api/ride-requests', {
      data: {
        direction: 'FC->SG',
        date: inThreeDays,
        startTime: '17:00',
        endTime: '21:00',
        passengerCount: 2,
        area: 'Bedok',
      },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const request = (await asked.json()) as { id: number };
    const vendor = await register(
      {
        isVendor: true,
        companyName: 'Straits Transport',
        driverDetails: { name: 'Raju', contact: '+60 12 000 1111', carNumber: 'JJX 8888' },
      },
      'v',
    );
    const pendingVendor = await register(
      {
        isVendor: true,
        companyName: 'Causeway Cabs',
        driverDetails: { name: 'Ahmad', contact: '+60 12 000 2222', carNumber: 'JQA 1234' },
      },
      'w',
    );
    await context.clearCookies();
    await loginViaApi(context, 'admin');
    await approveVendorViaApi(context, vendor.id);
    await context.clearCookies();
    await loginViaApi(context, vendor.name);
    const assigned = await context.request.post(`/api/rides/${ride.id}/assign`);
    expect(assigned.ok(), await assigned.text()).toBe(true);
    // The recommended drivers are the admin's content, named in labels ("WhatsApp Uncle Lim").
    const driverContacts = (await (await context.request.get('/api/driver-contacts')).json()) as Array<{
      name: string;
    }>;
    await context.close();
    return {
      names: {
        visitor: '',
        organiser: organiser.name,
        passenger: passenger.name,
        member: member.name,
        vendor: vendor.name,
        pendingVendor: pendingVendor.name,
        admin: 'admin',
      },
      ride: ride.id,
      openRide: openRide.id,
      series: weekly.seriesId,
      seriesRide: weekly.id,
      request: request.id,
      memberData: [
        ...[organiser, passenger, member, vendor, pendingVendor].map((person) => person.name),
        'admin Tan',
        ...[vendor, pendingVendor].map((person) => `${person.name} Tan`),
        'Mei Ling Tan',
        'Siti Aminah',
        'Kumar Raj',
        'meilingpays',
        'Pasir Ris MRT',
        'Tampines MRT',
        'Bedok',
        'Straits Transport',
        'Causeway Cabs',
        'Raju',
        'Ahmad',
        'JJX 8888',
        'JQA 1234',
        ...driverContacts.map((driver) => driver.name),
      ].sort((a, b) => b.length - a.length),
    };
  }

  async function ready(): Promise<Seeded> {
    seeding ??= seed();
    seeded = await seeding;
    return seeded;
  }

  // One phone per person, in one language (stored before the app starts, as the picker does).
  async function phonesIn(language: Language): Promise<Record<Who, BrowserContext>> {
    const contexts = {} as Record<Who, BrowserContext>;
    for (const who of WHO) {
      const context = await phones.phone();
      await context.addInitScript((chosen) => localStorage.setItem('fc-language', chosen), language);
      if (who !== 'visitor') await loginViaApi(context, seeded.names[who]);
      contexts[who] = context;
    }
    return contexts;
  }

  async function open(context: BrowserContext, visit: Visit): Promise<Page> {
    const page = await context.newPage();
    trackRequests(page);
    await page.goto(visit.path(seeded));
    if (visit.ready) await page.locator(visit.ready).first().waitFor({ timeout: 15_000 });
    await settle(page);
    return page;
  }

  it('has a visit for every route of router.tsx', () => {
    const declared = routerPaths();
    expect(declared.length).toBeGreaterThan(5);
    expect(Object.keys(ROUTES).sort()).toEqual([...declared].sort());
  });

  // Each visit is read in one of the two languages, in turn: a text left out of Lingui shows in
  // English in both, so one finds it, and a message without its translation in either is the
  // catalogues' test's (src/locales/catalogues.test.ts). Reading every visit in both took the
  // longest file of the suite twice as long.
  const READ_IN = ['zh', 'ms'] as const;
  for (const [turn, language] of READ_IN.entries()) {
    it(`leaves no English in ${LANGUAGE_LABEL[language]} on its half of the routes`, { timeout: 600_000 }, async () => {
      await ready();
      const contexts = await phonesIn(language);
      const report: string[] = [];
      const reportedTexts = new Set<string>();
      const allWords = new Set<string>();
      let pagesWithLeftovers = 0;
      // The pages are read three at a time: reading one is mostly waiting for its network to
      // fall quiet, and the report below keeps the routes' order whatever finishes first.
      const planned = Object.entries(ROUTES)
        .flatMap(([route, routeVisits]) => routeVisits.map((visit) => ({ route, visit, path: visit.path(seeded) })))
        .filter((_, index) => index % READ_IN.length === turn);
      const read = await inPool(planned, 3, async ({ visit, path }) => {
        if (visit.redirectsTo) {
          const page = await contexts[visit.who].newPage();
          await page.goto(path);
          await page.waitForURL((url) => url.pathname === visit.redirectsTo);
          await page.close();
          return null;
        }
        const opened = await open(contexts[visit.who], visit);
        expect(await opened.evaluate(() => document.documentElement.lang), `${path} <html lang>`).toBe(
          HTML_LANG[language],
        );
        const seen = await readWholePage(opened).catch((error: Error) => {
          error.message = `${path} as ${visit.who}: ${error.message}`;
          throw error;
        });
        // Longer words must still fit the phone (issue 37 §6: the Malay inbox was 420 px wide
        // and cut its "mark all read" button): the page, and every control's own text.
        const fit = await fitOf(opened);
        await opened.close();
        return { ...seen, fit };
      });
      let visits = 0;
      for (const [index, { route, visit, path }] of planned.entries()) {
        const seen = read[index];
        if (!seen) continue;
        visits += 1;
        if (seen.fit.width > 375 || seen.fit.clipped.length > 0) {
          pagesWithLeftovers += 1;
          report.push(
            `${route || '(index)'}  ${path} as ${visit.who} → ${seen.fit.width} px wide; cut off: ${seen.fit.clipped.join(' | ') || 'none'}`,
          );
        }
        const labels = seen.labels.map((label) =>
          seeded.memberData.reduce((rest, data) => rest.split(data).join('‹…›'), label),
        );
        const strings = unique([...seen.texts, ...labels]);
        const words = unique(strings.flatMap((text) => leftoverWords(text, language)));
        const leaks = unique(strings.flatMap(leakedSyntax));
        if (words.length === 0 && leaks.length === 0) continue;
        pagesWithLeftovers += 1;
        words.forEach((word) => allWords.add(word.toLowerCase()));
        const newTexts = strings.filter(
          (text) =>
            !reportedTexts.has(text) && (leftoverWords(text, language).length > 0 || leakedSyntax(text).length > 0),
        );
        newTexts.forEach((text) => reportedTexts.add(text));
        report.push(
          `${route || '(index)'}  ${path} as ${visit.who} → ${words.length} English word(s): ${words.join(', ')}`,
        );
        if (leaks.length) report.push(`    message ids / ICU syntax on screen: ${leaks.join(', ')}`);
        if (newTexts.length)
          report.push(...newTexts.map((text) => `    "${text.length > 140 ? `${text.slice(0, 140)}…` : text}"`));
      }
      const summary = `${LANGUAGE_LABEL[language]}: English left on ${pagesWithLeftovers} of ${visits} pages, ${allWords.size} distinct words`;
      const file = join(tmpdir(), `fc-languages-${language}.txt`);
      writeFileSync(file, `${summary}\n${report.join('\n')}\n`);
      if (report.length) assert.fail(`${summary} (also written to ${file}):\n${report.join('\n')}`);
    });
  }

  for (const language of ['en', 'zh', 'ms'] as const) {
    it(
      `keeps home, ride detail, join and profile accessible in ${LANGUAGE_LABEL[language]}, with <html lang="${HTML_LANG[language]}">`,
      { timeout: 300_000 },
      async () => {
        await ready();
        const organiser = await phones.phone();
        const passenger = await phones.phone();
        const member = await phones.phone();
        for (const [context, who] of [
          [organiser, 'organiser'],
          [passenger, 'passenger'],
          [member, 'member'],
        ] as const) {
          if (language !== 'en')
            await context.addInitScript((chosen) => localStorage.setItem('fc-language', chosen), language);
          await loginViaApi(context, seeded.names[who]);
        }
        const pages: Array<[BrowserContext, Visit, string]> = [
          [organiser, { who: 'organiser', path: () => '/home', ready: 'article[id^="ride-"]' }, 'home'],
          [passenger, { who: 'passenger', path: (s) => `/rides/${s.ride}`, ready: '#ride-title' }, 'ride detail'],
          [member, { who: 'member', path: (s) => `/rides/${s.openRide}/join`, ready: 'main form' }, 'join'],
          [organiser, { who: 'organiser', path: () => '/profile', ready: 'main form' }, 'profile'],
        ];
        for (const [context, visit, name] of pages) {
          const page = await open(context, visit);
          expect(await page.evaluate(() => document.documentElement.lang), `${name} <html lang>`).toBe(
            HTML_LANG[language],
          );
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `${name} no wider than the phone`,
          ).toBeLessThanOrEqual(375);
          await expectAccessible(page, `${name} in ${LANGUAGE_LABEL[language]}`);
          if (language === 'en' && name === 'home') {
            // The check of the other languages sees English where there is English.
            const seen = await page.evaluate(collectSeen);
            const text = [...seen.texts, ...seen.labels].join('\n');
            expect(unique(leftoverWords(text, 'ms'))).toEqual(expect.arrayContaining(['Rides', 'between', 'Create']));
            expect(unique(leftoverWords(text, 'zh'))).toEqual(
              expect.arrayContaining(['Rides', 'between', 'Singapore']),
            );
            expect(seen.texts.join('\n'), 'translate="no" data is skipped').not.toContain('Mei Ling Tan');
          }
          await page.close();
        }
      },
    );
  }

  // Issue 37 §6: in Malay the inbox was 420 px wide with "Tandakan semua dibaca" cut off, and
  // the vendor's card broke "+60 12-345 6789" over three lines.
  it(
    'fits Melayu in 375 px: the inbox, the vendor dashboard and the driver on the ride',
    { timeout: 300_000 },
    async () => {
      await ready();
      const contexts = {} as Record<'organiser' | 'vendor' | 'passenger', BrowserContext>;
      for (const who of ['organiser', 'vendor', 'passenger'] as const) {
        contexts[who] = await phones.phone();
        await contexts[who].addInitScript(() => localStorage.setItem('fc-language', 'ms'));
        await loginViaApi(contexts[who], seeded.names[who]);
      }
      const visits: Array<[BrowserContext, Visit]> = [
        [contexts.organiser, { who: 'organiser', path: () => '/inbox', ready: 'main li' }],
        [contexts.vendor, { who: 'vendor', path: () => '/vendor', ready: 'article[id^="ride-"]' }],
        [contexts.passenger, { who: 'passenger', path: (s) => `/rides/${s.ride}`, ready: '#ride-vendor-title' }],
      ];
      for (const [context, visit] of visits) {
        const page = await open(context, visit);
        const fit = {
          ...(await fitOf(page)),
          brokenNumbers: await page.evaluate(() => {
            // A phone number is read out or dialled as one line, never broken at its spaces.
            const broken: string[] = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? '';
              for (const match of text.matchAll(/\+\d{2}[\d -]{6,}\d/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
                if (lines.size > 1) broken.push(match[0]);
              }
            }
            return broken;
          }),
        };
        const path = visit.path(seeded);
        expect(fit, path).toEqual({ width: 375, clipped: [], brokenNumbers: [] });
        await page.close();
      }
    },
  );

  it(
    'switches language in the menu offline once the app was visited: 中文, then Melayu, then English',
    { timeout: 300_000 },
    async () => {
      await ready();
      const context = await phones.phone({ serviceWorkers: 'allow' });
      await loginViaApi(context, seeded.names.passenger);
      const page = await context.newPage();
      const menuButton = page.locator('header nav button[aria-controls]:visible');
      const picker = page.locator('header select:visible');
      const openMenu = async () => {
        if ((await menuButton.getAttribute('aria-expanded')) !== 'true') await menuButton.click();
        await picker.waitFor();
      };
      // The tree remounts in the new language: the ride is on screen again.
      const choose = async (language: Language) => {
        await openMenu();
        await picker.selectOption(language);
        await page.waitForFunction((lang) => document.documentElement.lang === lang, HTML_LANG[language]);
        expect(await page.evaluate(() => localStorage.getItem('fc-language'))).toBe(language);
        await page.locator('#ride-title').waitFor();
        await openMenu();
      };
      // Texts of the open menu and of the ride's tabs, with what is read aloud.
      const shown = async () =>
        page.evaluate(() =>
          [
            document.body.innerText,
            ...[...document.querySelectorAll('header [aria-label], main [aria-label]')].map((element) =>
              element.getAttribute('aria-label'),
            ),
          ].join('\n'),
        );
      // [English, the file that shows it]: a text counts once that file has it in Lingui (the
      // catalogue lists the file) and the catalogue has its translation.
      const TEXTS = [
        ['Travel Guide', 'src/app/layout.tsx'],
        ['Create Ride', 'src/app/layout.tsx'],
        ['Profile', 'src/app/layout.tsx'],
        ['Logout', 'src/app/layout.tsx'],
        ['Close menu', 'src/app/layout.tsx'],
        ['Language', 'src/app/language-picker.tsx'],
        ['Details', 'src/features/rides/components/ride-detail-page.tsx'],
        ['Passengers', 'src/features/rides/components/ride-detail-page.tsx'],
      ] as const;
      // Each of those translated is shown translated, and there is at least one (soft: with none
      // translated yet, the rest of the switch is still checked).
      const expectShownIn = async (language: Exclude<Language, 'en'>) => {
        const text = await shown();
        const messages = catalogue(language);
        const translations = TEXTS.flatMap(([english, file]) => {
          const entry = messages.get(english);
          return entry?.translation && entry.files.includes(file) ? [[english, entry.translation] as const] : [];
        });
        expect
          .soft(
            translations.length,
            `src/locales/${language}/messages.po translates none of ${TEXTS.map(([english]) => `"${english}"`).join(', ')} where the menu and the ride show them`,
          )
          .toBeGreaterThan(0);
        for (const [english, translation] of translations)
          expect.soft(text, `"${english}" in ${LANGUAGE_LABEL[language]}`).toContain(translation);
      };

      await page.goto(`/rides/${seeded.ride}`);
      await page.locator('#ride-title').waitFor();
      await waitForServiceWorkerControl(page);
      await choose('zh');
      await expectShownIn('zh');
      // Visited in 中文: the ride and its passengers were read, and the saved copy is written a
      // moment later.
      await page.waitForTimeout(1_500);

      await context.setOffline(true);
      try {
        await choose('ms');
        await expectShownIn('ms');

        // Still Melayu after a reload with no signal: the catalogue comes from the precache.
        await page.reload();
        await page.locator('#ride-title').waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('ms');
        await openMenu();
        await expectShownIn('ms');

        await choose('en');
        const english = await shown();
        for (const [text] of TEXTS) expect(english, `"${text}" in English`).toContain(text);
      } finally {
        await context.setOffline(false);
      }
    },
  );
});

// msgid → msgstr and the files that use it (the "#:" references), of a catalogue of the
// repository (src/locales/<language>/messages.po).
function catalogue(language: Exclude<Language, 'en'>): Map<string, { translation: string; files: string[] }> {
  const entries = new Map<string, { translation: string; files: string[] }>();
  const lines = readFileSync(join(REPO_ROOT, `src/locales/${language}/messages.po`), 'utf8').split('\n');
  let field: 'msgid' | 'msgstr' | null = null;
  let files: string[] = [];
  let id = '';
  let text = '';
  const flush = () => {
    if (field === 'msgstr' && id) entries.set(id, { translation: text, files });
    field = null;
    files = [];
  };
  for (const line of lines) {
    const reference = /^#:\s*(.*)$/.exec(line);
    const start = /^(msgid|msgstr)\s+"(.*)"\s*$/.exec(line);
    const more = /^"(.*)"\s*$/.exec(line);
    if (reference) {
      if (field === 'msgstr') flush();
      files.push(...reference[1].split(/\s+/).map((file) => file.replace(/:\d+$/, '')));
    } else if (start?.[1] === 'msgid') {
      if (field === 'msgstr') flush();
      field = 'msgid';
      id = JSON.parse(`"${start[2]}"`);
    } else if (start?.[1] === 'msgstr') {
      field = 'msgstr';
      text = JSON.parse(`"${start[2]}"`);
    } else if (more && field === 'msgid') {
      id += JSON.parse(`"${more[1]}"`);
    } else if (more && field === 'msgstr') {
      text += JSON.parse(`"${more[1]}"`);
    }
  }
  flush();
  return entries;
}
