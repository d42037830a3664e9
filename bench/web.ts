// npm run bench:web: builds the PWA into a folder of its own, then on the community fixture
// (bench/community-fixture.ts) served by the embedded PGlite host prints what a phone downloads
// for the first render of /home and /guide, the precache, the home's first list response,
// Lighthouse mobile runs (simulated throttling; the median of LIGHTHOUSE_RUNS, default 5, on a
// warmed-up host) of both pages and of a shared ride link as a visitor opens it (the first ride
// on the home's list, ADR 0020) with the longest main-thread task; the link of a ride an organiser
// has just shared, as a visitor opens it and as a signed-in member who is not aboard opens it
// (issue 35 §7: the page that brings new members), and the longest task Chromium itself
// reports while /home renders its first page on a 4x slowed CPU. A table, then one JSON document
// with every figure.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

import { CHROMIUM_FLAGS, launchChromium, stubOutsideWorld, VIEWPORTS } from '../e2e/support/browser.ts';
import type { RidePage } from '../supabase/functions/_shared/types/ride.ts';
import { REPO_ROOT, startHost } from '../tests/support/host-process.ts';
import { initialLoad, kb, type MeasuredPage, PAGE_CHUNKS, precacheEntries } from './bundle-size.ts';
import { FIXTURE_PASSWORD, preparePgliteFixture } from './community-fixture.ts';
import { MEMBER, ORGANISER } from './community-plan.ts';
import { httpClient } from './http.ts';

// The home screen's first request, as the PWA sends it (src/features/rides/api/get-ride-page.ts).
const FIRST_PAGE = '/api/rides/page?scope=all&time=upcoming&series=once&sort=earliest&limit=20';
const FIRST_CARD = 'article[aria-labelledby^="ride-"]';
// LIGHTHOUSE_PAGES=ride (or any of home,guide,ride,open-ride,open-ride-member) measures only those
// pages; Chromium's long tasks on /home run only when home is among them.
const CHOSEN_PAGES = (process.env.LIGHTHOUSE_PAGES ?? 'home,guide,ride,open-ride,open-ride-member')
  .split(',')
  .map((page) => page.trim());
const PAGES = (['/home', '/guide'] as const).filter((path) => CHOSEN_PAGES.includes(path.slice(1)));
// Lighthouse's own advice for a noisy machine: several runs, and the median one reported.
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const LONG_TASK_RUNS = 3;
// The calls a first visit to /home makes: asked a few times before measuring, as a server that
// has been up a while has them warm (a cold PGlite's first answers take ~400 ms of CPU, which on
// a 2-core machine is taken from the browser being measured).
const WARM_UP = [FIRST_PAGE, '/api/stats', '/home', '/guide'];

interface LighthouseFigures {
  // Every run's performance score and TBT, in run order; the other figures are the median run's.
  runs?: Array<{ performance: number; tbtMs: number }>;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  // The longest top-level main-thread task as Lighthouse simulates it (4x CPU); the long-tasks
  // audit lists only tasks of 50 ms or more, so 0 means none reached 50 ms.
  longestTaskMs: number;
  longTasks: number;
  mainThreadWorkMs: number;
  belowHundred: Record<string, string[]>;
  // What Lighthouse took as the largest paint, and how its time splits (TTFB, load delay, load
  // time, render delay): where a slow LCP has to be won back.
  lcpElement: string;
  lcpPhases: string;
  // The elements that moved, largest shift first: where a CLS above 0 comes from.
  shiftedElements: string[];
}

const log = (line: string) => console.error(line);

function build(outDir: string) {
  // As `npm run build` does, into a folder of its own so no one else's dist/ changes under them.
  execFileSync(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

interface LighthouseCase {
  name: string;
  path: string;
  // A member's session (the Cookie header the login set); none for a visitor.
  cookie?: string;
}

// The link an organiser has just shared (issue 35 §7): a new ride, open, the organiser alone on
// it, so a visitor's first screen holds the Login Required card under the ride's lines. The story's
// organiser and member have no upcoming rides in the fixture (community-plan.ts); dated beyond the
// fixture's upcoming ones, so the home's first page (and its measurement) stays as it was.
async function openRideCases(baseUrl: string): Promise<LighthouseCase[]> {
  const client = httpClient(baseUrl, 1);
  try {
    const login = async (discordUsername: string) =>
      (await client.json('POST', '/api/login', { discordUsername, password: FIXTURE_PASSWORD })).cookie;
    const created = await client.json<{ id: number }>(
      'POST',
      '/api/rides',
      {
        direction: 'SG->FC',
        date: new Date(Date.now() + 150 * 86_400_000).toISOString(),
        maxPassengers: 4,
        pickupLocation: 'Pasir Ris MRT Station, Exit A',
        dropoffLocations: [{ location: 'Forest City', passengerCount: 1 }],
        organizerPassengerCount: 1,
      },
      await login(ORGANISER.discordUsername),
    );
    const path = `/rides/${created.body.id}`;
    return [
      ...(CHOSEN_PAGES.includes('open-ride') ? [{ name: `${path} open, visitor`, path }] : []),
      ...(CHOSEN_PAGES.includes('open-ride-member')
        ? [{ name: `${path} open, member`, path, cookie: await login(MEMBER.discordUsername) }]
        : []),
    ];
  } finally {
    client.close();
  }
}

// Lighthouse keeps the browser's cookies from run to run (it clears service workers and caches
// only): a member's case puts its session's cookies in, and every other case takes them out.
async function setSessionCookies(port: number, baseUrl: string, cookie: string | undefined) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    if (!cookie) return;
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: baseUrl };
      }),
    );
  } finally {
    // Disconnects; the browser Lighthouse drives stays up.
    await browser.close();
  }
}

// What the page's own PerformanceObserver reports as the largest paint, in the browser
// Lighthouse drives (same cookies), at Lighthouse's mobile viewport and unthrottled: for when
// Lighthouse cannot name the element itself.
async function largestPaintElement(port: number, url: string): Promise<string> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
        const element = last?.element;
        if (element) (window as unknown as { lcpSnippet?: string }).lcpSnippet = element.outerHTML.slice(0, 100);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1_000);
    const snippet = await page.evaluate(() => (window as unknown as { lcpSnippet?: string }).lcpSnippet ?? '?');
    await page.close();
    return snippet;
  } finally {
    await browser.close();
  }
}

async function runLighthouse(url: string, port: number, member = false): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    // A member's earlier visit leaves its data in IndexedDB (the offline cache) and local
    // storage; each run starts without it, as the first run did. Not the cookies: they are the session.
    ...(member
      ? {
          clearStorageTypes: [
            'file_systems',
            'shader_cache',
            'service_workers',
            'cache_storage',
            'indexeddb',
            'local_storage',
          ],
        }
      : {}),
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // Its full-page screenshot stretches the viewport to the page's height, which brings the end
    // of the home's endless list on screen: the page then reads every page of rides while the
    // audits after it (accessibility, SEO) wait and time out. No phone is 30,000 px tall.
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // LIGHTHOUSE_DUMP=dir keeps each run's whole report, to read what the summary leaves out.
  if (process.env.LIGHTHOUSE_DUMP) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
    writeFileSync(join(process.env.LIGHTHOUSE_DUMP, name), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const longTasks = (
    (audits['long-tasks']?.details as { items?: Array<{ duration: number }> } | undefined)?.items ?? []
  ).map((item) => item.duration);
  const belowHundred: Record<string, string[]> = {};
  for (const [id, category] of Object.entries(categories)) {
    if ((category.score ?? 1) < 1) {
      belowHundred[id] = category.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
    }
  }
  type LcpRow = { node?: { snippet?: string }; phase?: string; timing?: number };
  const lcpTables =
    (audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: LcpRow[] }> })?.items ?? [];
  const lcpElement = String(lcpTables[0]?.items?.[0]?.node?.snippet ?? '?').slice(0, 100);
  // Lighthouse 12.8 finds no LCP node in the traces of newer Chromium builds (its element audit
  // is then notApplicable); the breakdown insight still splits the time.
  type BreakdownRow = { label?: string; duration?: number };
  const breakdown =
    (audits['lcp-breakdown-insight']?.details as { items?: Array<{ items?: BreakdownRow[] }> })?.items?.[0]?.items ??
    [];
  const lcpPhases =
    lcpTables.length > 1
      ? (lcpTables[1]?.items ?? []).map((row) => `${row.phase} ${Math.round(Number(row.timing ?? 0))} ms`).join(', ')
      : breakdown.map((row) => `${row.label} ${Math.round(Number(row.duration ?? 0))} ms`).join(', ');
  const shifts =
    (audits['layout-shifts']?.details as { items?: Array<{ node?: { snippet?: string }; score?: number }> })?.items ??
    [];
  const shiftedElements = shifts.map(
    (item) => `${String(item.node?.snippet ?? '?').slice(0, 80)} (${Number(item.score ?? 0).toFixed(3)})`,
  );
  return {
    shiftedElements,
    lcpElement,
    lcpPhases,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    longestTaskMs: Math.round(Math.max(0, ...longTasks)),
    longTasks: longTasks.length,
    mainThreadWorkMs: Math.round(audits['mainthread-work-breakdown']?.numericValue ?? 0),
    belowHundred,
  };
}

// Chromium's own long tasks (50 ms or more) from the navigation to the first card on screen,
// with the CPU slowed 4x by DevTools, on a phone viewport: a second opinion beside Lighthouse's
// simulation, which estimates from an unthrottled trace. The first card is awaited by polling a
// plain expression, not with a Playwright locator: a locator injects Playwright's own script
// into the page, one task of 80-100 ms at 4x that is not the app's. Several runs, as DevTools'
// throttling makes any one of them vary by a factor of two.
interface LongTaskRun {
  firstCardMs: number;
  // [start, duration] of each long task, in ms from the navigation.
  tasks: Array<[number, number]>;
}

async function longTasksAt4x(baseUrl: string, runs: number): Promise<LongTaskRun[]> {
  const browser = await launchChromium();
  try {
    const results: LongTaskRun[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: VIEWPORTS.phone,
        isMobile: true,
        hasTouch: true,
        locale: 'en-SG',
        timezoneId: 'Asia/Singapore',
      });
      await stubOutsideWorld(context);
      await context.addInitScript(() => {
        const seen: Array<[number, number]> = [];
        (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks = seen;
        new PerformanceObserver((list) =>
          list.getEntries().forEach((entry) => seen.push([Math.round(entry.startTime), Math.round(entry.duration)])),
        ).observe({
          type: 'longtask',
          buffered: true,
        });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const started = Date.now();
      await page.goto(`${baseUrl}/home`);
      const hasCard = `!!document.querySelector(${JSON.stringify(FIRST_CARD)})`;
      while (!(await page.evaluate(hasCard))) {
        if (Date.now() - started > 60_000) throw new Error('no ride card on /home after 60 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const firstCardMs = Date.now() - started;
      // Whatever the first page's render queued behind it.
      await page.waitForTimeout(1000);
      results.push({ firstCardMs, tasks: (await page.evaluate('window.__longTasks')) as Array<[number, number]> });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function main() {
  const measuredAt = new Date().toISOString();
  const outDir = mkdtempSync(join(tmpdir(), 'fc-bench-web-dist-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-bench-web-'));
  try {
    log('Building the PWA ...');
    build(outDir);
    const bundles = Object.fromEntries(
      (Object.keys(PAGE_CHUNKS) as MeasuredPage[]).map((page) => {
        const load = initialLoad(outDir, page);
        return [page, { jsGzipBytes: load.jsGzipBytes, jsFiles: load.jsFiles.length, cssGzipBytes: load.cssGzipBytes }];
      }),
    );
    const precache = precacheEntries(outDir);
    const precacheBytes = precache.reduce((sum, entry) => sum + entry.bytes, 0);
    const leafletChunks = precache.filter((entry) => /location-map/.test(entry.url)).map((entry) => entry.url);

    const prepared = await preparePgliteFixture(dataDir, log);
    log(
      `Fixture ready (${prepared.built ? `built in ${prepared.meta.buildSeconds} s, ` : 'from the cache, '}restored in ${prepared.restoreSeconds} s)`,
    );
    const host = await startHost({ env: { DATA_DIR: dataDir, STATIC_DIR: outDir } });
    const lighthouseRuns: Record<string, LighthouseFigures> = {};
    let firstList: { status: number; rawBytes: number; gzipBytes: number; gzipFromHost: boolean };
    let browser4x: LongTaskRun[];
    try {
      const client = httpClient(host.url, 2);
      const plain = await client.request('GET', FIRST_PAGE);
      const zipped = await client.request('GET', FIRST_PAGE, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      client.close();
      const gzipFromHost = zipped.headers['content-encoding'] === 'gzip';
      firstList = {
        status: plain.status,
        rawBytes: plain.body.length,
        gzipBytes: gzipFromHost ? zipped.body.length : gzipSync(plain.body).length,
        gzipFromHost,
      };
      if (plain.status !== 200) log(`${FIRST_PAGE} answered ${plain.status}: the windowed list is not there yet`);
      const firstRide = plain.status === 200 ? (JSON.parse(plain.body.toString()) as RidePage).rides[0]?.id : undefined;
      const cases: LighthouseCase[] = [
        ...PAGES.map((path) => ({ name: path, path })),
        ...(firstRide && CHOSEN_PAGES.includes('ride')
          ? [{ name: `/rides/${firstRide}`, path: `/rides/${firstRide}` }]
          : []),
      ];
      if (CHOSEN_PAGES.includes('open-ride') || CHOSEN_PAGES.includes('open-ride-member')) {
        cases.push(...(await openRideCases(host.url)));
      }
      const ridePaths = [...new Set(cases.filter((each) => each.path.startsWith('/rides/')).map((each) => each.path))];

      const warm = httpClient(host.url, 1);
      for (let round = 0; round < 5; round++) {
        for (const path of [...WARM_UP, ...ridePaths, ...ridePaths.map((path) => `/api${path}`)])
          await warm.request('GET', path);
      }
      warm.close();

      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        chromeFlags: CHROMIUM_FLAGS,
      });
      try {
        for (const each of cases) {
          log(`Lighthouse ${each.name} x${LIGHTHOUSE_RUNS} ...`);
          const runs: LighthouseFigures[] = [];
          for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
            await setSessionCookies(chrome.port, host.url, each.cookie);
            runs.push(await runLighthouse(`${host.url}${each.path}`, chrome.port, Boolean(each.cookie)));
          }
          const median = [...runs].sort((a, b) => a.performance - b.performance || a.tbtMs - b.tbtMs)[
            Math.floor(runs.length / 2)
          ]!;
          if (median.lcpElement === '?') {
            await setSessionCookies(chrome.port, host.url, each.cookie);
            median.lcpElement = `${await largestPaintElement(chrome.port, `${host.url}${each.path}`)} (seen by the bench's own observer)`;
          }
          lighthouseRuns[each.name] = {
            ...median,
            runs: runs.map(({ performance, tbtMs }) => ({ performance, tbtMs })),
          };
        }
      } finally {
        chrome.kill();
      }
      if (CHOSEN_PAGES.includes('home')) {
        log('Long tasks at 4x CPU ...');
        browser4x = await longTasksAt4x(host.url, LONG_TASK_RUNS);
      } else browser4x = [];
    } finally {
      await host.stop('SIGTERM', 60_000);
    }

    console.log(`\nbench:web on the community fixture, measured ${measuredAt}`);
    console.log('First render, initial chunks only (gzip -9):');
    for (const [page, load] of Object.entries(bundles)) {
      console.log(
        `  ${page.padEnd(7)} JS ${kb(load.jsGzipBytes).padStart(9)} in ${load.jsFiles} files, CSS ${kb(load.cssGzipBytes)}`,
      );
    }
    console.log(
      `Precache: ${precache.length} entries, ${kb(precacheBytes)} uncompressed; Leaflet chunk(s): ${leafletChunks.join(', ')}`,
    );
    console.log(
      `Home's first list response (${FIRST_PAGE}): ${kb(firstList.rawBytes)} raw, ${kb(firstList.gzipBytes)} gzip` +
        (firstList.gzipFromHost ? ' (as the host sends it)' : ' (gzip -6 of it: the host sent it uncompressed)'),
    );
    console.log(`Lighthouse (mobile, simulated throttling: 4x CPU, slow 4G), the median of ${LIGHTHOUSE_RUNS} runs:`);
    console.log('  page       perf  a11y  best  seo   LCP       TBT      CLS    longest task  main-thread work');
    for (const [path, run] of Object.entries(lighthouseRuns)) {
      console.log(
        `  ${path.padEnd(9)}  ${String(run.performance).padEnd(4)}  ${String(run.accessibility).padEnd(4)}  ${String(run.bestPractices).padEnd(4)}  ${String(run.seo).padEnd(4)}  ` +
          `${`${run.lcpMs} ms`.padEnd(8)}  ${`${run.tbtMs} ms`.padEnd(7)}  ${run.cls.toFixed(3)}  ${(run.longTasks ? `${run.longestTaskMs} ms` : '< 50 ms').padEnd(12)}  ${run.mainThreadWorkMs} ms`,
      );
      console.log(`    LCP element ${run.lcpElement}${run.lcpPhases ? ` (${run.lcpPhases})` : ''}`);
      if (run.shiftedElements.length > 0) console.log(`    shifted: ${run.shiftedElements.join('; ')}`);
      for (const [category, failing] of Object.entries(run.belowHundred)) {
        if (failing.length > 0) console.log(`    ${category} below 100: ${failing.join(', ')}`);
      }
      if (run.runs && run.runs.length > 1) {
        console.log(
          `    every run: ${run.runs.map((each) => `${each.performance} (TBT ${each.tbtMs} ms)`).join(', ')}`,
        );
      }
    }
    if (browser4x.length > 0)
      console.log(
        `Chromium, /home on a phone at 4x CPU, ${LONG_TASK_RUNS} runs: long tasks (50 ms or more) as start+duration in ms`,
      );
    for (const [index, run] of browser4x.entries()) {
      console.log(
        `  run ${index + 1}: first card after ${run.firstCardMs} ms; ${run.tasks.length ? run.tasks.map(([start, duration]) => `${start}+${duration}`).join(', ') : 'none'}`,
      );
    }
    console.log(
      JSON.stringify(
        {
          bench: 'web',
          measuredAt,
          cpus: cpus().length,
          loadAverage: loadavg(),
          fixture: {
            built: prepared.built,
            buildSeconds: prepared.meta.buildSeconds,
            restoreSeconds: prepared.restoreSeconds,
            counts: prepared.meta.counts,
          },
          bundles,
          precache: { entries: precache.length, bytes: precacheBytes, leafletChunks },
          firstList: { path: FIRST_PAGE, ...firstList },
          lighthouse: lighthouseRuns,
          chromium4x: browser4x.map((run) => ({
            ...run,
            longestTaskMs: Math.max(0, ...run.tasks.map(([, duration]) => duration)),
          })),
        },
        null,
        2,
      ),
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
