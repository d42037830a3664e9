// The three languages on a phone (375 px, touch): every route of src/app/router.tsx rendered in
// 中文 or in Melayu with nothing left in English (member-entered data is marked translate="no"
// and skipped; brand and place names are allowed), no message id or ICU syntax leaking, one case
// per route and language; home, ride detail, join and profile axe clean with the right
// <html lang> in all three; and a switch of language in the menu that works offline once the app
// was visited. Reading a page is e2e/support/page-text.ts; what counts as English left over is
// e2e/support/translations.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';

import { ROUTES as APP_ROUTES } from '../src/app/routes-table.ts';
import { REPO_ROOT } from '../tests/support/host-process.ts';
import { e2eAvailability, expectAccessible, waitForServiceWorkerControl } from './support/browser.ts';
import { createRideViaApi, loginViaApi, registerViaApi, username } from './support/journey-kit.ts';
import { collectSeen, fitOf, inPool, openSettled, readWholePage, type Seen } from './support/page-text.ts';
import { usePhones } from './support/phone-app.ts';
import { catalogue, type Language, leakedSyntax, leftoverWords } from './support/translations.ts';
import { approveVendorViaApi } from './support/vendor-kit.ts';

const availability = e2eAvailability();

const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-Hans', ms: 'ms' };
const LANGUAGE_LABEL: Record<Language, string> = { en: 'English', zh: '中文 (zh)', ms: 'Melayu (ms)' };

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

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

// What one visit in one language gave: where a redirect landed, the page read in full, or why it
// could not be read.
type Read =
  | { path: string; redirected: true }
  | { path: string; lang: string; seen: Seen; fit: { width: number; clipped: string[] } }
  | { path: string; error: Error };

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

  function open(context: BrowserContext, visit: Visit): Promise<Page> {
    return openSettled(context, visit.path(seeded), visit.ready);
  }

  // One visit: a redirect followed to where it must land, or the page opened, read in full and
  // measured. Closed after, here: pages opened in a hook do not close with a test.
  async function readVisit(context: BrowserContext, visit: Visit): Promise<Read> {
    const path = visit.path(seeded);
    const page = visit.redirectsTo ? await context.newPage() : await open(context, visit);
    try {
      if (visit.redirectsTo) {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === visit.redirectsTo);
        return { path, redirected: true };
      }
      const lang = await page.evaluate(() => document.documentElement.lang);
      const seen = await readWholePage(page);
      // Longer words must still fit the phone (issue 37 §6: the Malay inbox was 420 px wide
      // and cut its "mark all read" button): the page, and every control's own text.
      const fit = await fitOf(page);
      return { path, lang, seen, fit };
    } finally {
      await page.close();
    }
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
  const VISITS = Object.entries(ROUTES).flatMap(([route, routeVisits]) =>
    routeVisits.map((visit) => ({ route, visit })),
  );
  for (const [turn, language] of READ_IN.entries()) {
    const planned = VISITS.filter((_, index) => index % READ_IN.length === turn);
    const file = join(tmpdir(), `fc-languages-${language}.txt`);

    describe(`read in ${LANGUAGE_LABEL[language]}`, () => {
      const read = new Map<Visit, Read>();
      const report: string[] = [];
      const allWords = new Set<string>();
      let pagesRead = 0;
      let pagesWithLeftovers = 0;

      // The language's pages are read before its routes' cases, three at a time: reading one is
      // mostly waiting for its network to fall quiet, which a case per route, one after the
      // other, would wait out in turn. Each case then judges what its route's visits showed.
      beforeAll(async () => {
        await ready();
        const contexts = await phonesIn(language);
        try {
          const answers = await inPool(planned, 3, ({ visit }) =>
            readVisit(contexts[visit.who], visit).catch((error: Error) => ({ path: visit.path(seeded), error })),
          );
          planned.forEach(({ visit }, index) => read.set(visit, answers[index]!));
        } finally {
          for (const context of Object.values(contexts)) await context.close();
        }
      }, 600_000);

      // Every route's findings in one file, to work through at once.
      afterAll(() => {
        const summary = `${LANGUAGE_LABEL[language]}: English left on ${pagesWithLeftovers} of ${pagesRead} pages, ${allWords.size} distinct words`;
        writeFileSync(file, `${summary}\n${report.join('\n')}\n`);
      });

      for (const route of unique(planned.map(({ route }) => route))) {
        const visits = planned.filter((plan) => plan.route === route).map(({ visit }) => visit);
        const name = `${language} /${route}`;
        const title = visits.every((visit) => visit.redirectsTo)
          ? `${name} lands on ${visits[0]!.redirectsTo}`
          : `${name} leaves no English (as ${visits.map((visit) => visit.who).join(', ')})`;
        it(title, () => {
          const problems: string[] = [];
          const failures = new Set<string>();
          const reportedTexts = new Set<string>();
          for (const visit of visits) {
            const answer = read.get(visit);
            if (!answer) throw new Error(`${name}: ${visit.path(seeded)} as ${visit.who} was not read`);
            const where = `${answer.path} as ${visit.who}`;
            if ('error' in answer) {
              failures.add(visit.redirectsTo ? `does not land on ${visit.redirectsTo}` : 'could not be read');
              problems.push(`${where}: ${answer.error.message}`);
              continue;
            }
            if ('redirected' in answer) continue;
            pagesRead += 1;
            if (answer.lang !== HTML_LANG[language]) {
              failures.add('has the wrong <html lang>');
              problems.push(`${where}: <html lang="${answer.lang}">, not "${HTML_LANG[language]}"`);
            }
            if (answer.fit.width > 375 || answer.fit.clipped.length > 0) {
              pagesWithLeftovers += 1;
              failures.add('does not fit 375 px');
              problems.push(
                `${where} → ${answer.fit.width} px wide; cut off: ${answer.fit.clipped.join(' | ') || 'none'}`,
              );
            }
            const labels = answer.seen.labels.map((label) =>
              seeded.memberData.reduce((rest, data) => rest.split(data).join('‹…›'), label),
            );
            const strings = unique([...answer.seen.texts, ...labels]);
            const words = unique(strings.flatMap((text) => leftoverWords(text, language)));
            const leaks = unique(strings.flatMap(leakedSyntax));
            if (words.length === 0 && leaks.length === 0) continue;
            pagesWithLeftovers += 1;
            failures.add('leaves English');
            words.forEach((word) => allWords.add(word.toLowerCase()));
            const newTexts = strings.filter(
              (text) =>
                !reportedTexts.has(text) && (leftoverWords(text, language).length > 0 || leakedSyntax(text).length > 0),
            );
            newTexts.forEach((text) => reportedTexts.add(text));
            problems.push(`${where} → ${words.length} English word(s): ${words.join(', ')}`);
            if (leaks.length) problems.push(`    message ids / ICU syntax on screen: ${leaks.join(', ')}`);
            if (newTexts.length)
              problems.push(...newTexts.map((text) => `    "${text.length > 140 ? `${text.slice(0, 140)}…` : text}"`));
          }
          if (problems.length === 0) return;
          report.push(`/${route}`, ...problems.map((line) => `  ${line}`));
          assert.fail(`${name} ${[...failures].join(', ')} (every route's: ${file}):\n${problems.join('\n')}`);
        });
      }
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
