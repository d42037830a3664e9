import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { initialLoad, kb, type MeasuredPage, precacheEntries } from '../../bench/bundle-size.ts';
import { pathPattern } from '../../build/page-preloads.ts';
import { PAGE_PRELOADS_ID } from '../../src/app/page-modules.ts';
import { lazyRoutes } from '../../src/app/routes-table.ts';
import {
  START_AFTER_PAINT_SCRIPT,
  startAfterPaint,
} from '../../supabase/functions/api/shared-links/start-after-paint.ts';
import { REPO_ROOT } from '../support/host-process.ts';

// The regression guard for issue 5's budget: the figures themselves come from npm run bench:web.
const HOME_JS_LIMIT_BYTES = 130 * 1024;
const VITE = join(REPO_ROOT, 'node_modules/vite/bin/vite.js');

// npm packages that come with the screen that uses them, never with the first render of a page.
const LATER_PACKAGES = {
  zod: ['zod'],
  Leaflet: ['leaflet', 'react-leaflet', '@react-leaflet/core'],
  'drag-and-drop': ['sortablejs'],
  'QR codes': ['qrcode-generator'],
};
const FIRST_RENDERS: MeasuredPage[] = ['/home', '/guide'];

let outDir = '';

// The npm package a bundled module came from ("node_modules/@scope/name/..." -> "@scope/name"),
// or null for the app's own sources.
function packageOf(source: string): string | null {
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const [first, second] = source.slice(at + 'node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

// What a chunk really holds: the modules its sourcemap lists, by package. A chunk's file name
// says nothing reliable (Rollup names a shared chunk after one of its modules).
function packagesIn(chunkFile: string): Set<string> {
  // Rolldown's own module loader gets a chunk of its own and no sourcemap: no package is in it.
  if (/(^|\/)rolldown-runtime-[^/]*\.js$/.test(chunkFile) && !existsSync(join(outDir, `${chunkFile}.map`)))
    return new Set();
  const map = JSON.parse(readFileSync(join(outDir, `${chunkFile}.map`), 'utf8')) as { sources: string[] };
  return new Set(map.sources.map(packageOf).filter((name): name is string => name !== null));
}

describe('bundle budget', () => {
  // Built from the sources as they are now, every run: a dist/ left from an earlier build proves
  // nothing. Into a directory of its own, so the dist/ that the e2e journeys serve stays as it is.
  // Hidden sourcemaps list every chunk's modules and leave the JavaScript byte for byte as
  // `vite build` writes it (no sourceMappingURL comment), so the sizes below are the real ones.
  // `npm test` builds dist/ this way just before it starts (scripts/run-suite.mjs) and says so in
  // SUITE_DIST: that build is read instead of making a second one (30 s of the api lane).
  beforeAll(() => {
    if (process.env.SUITE_DIST) {
      outDir = process.env.SUITE_DIST;
      return;
    }
    outDir = mkdtempSync(join(tmpdir(), 'fc-bundle-budget-'));
    execFileSync(
      process.execPath,
      [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--sourcemap', 'hidden', '--logLevel', 'error'],
      // Vitest runs with NODE_ENV=test, which would give React's development build and an
      // unminified service worker: build as `npm run build` does.
      { cwd: REPO_ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } },
    );
  }, 180_000);
  afterAll(() => {
    if (outDir && outDir !== process.env.SUITE_DIST) rmSync(outDir, { recursive: true, force: true });
  });

  it(`keeps the first render of /home under ${kb(HOME_JS_LIMIT_BYTES)} of gzip JavaScript`, () => {
    const home = initialLoad(outDir, '/home');
    console.log(`/home initial JS: ${kb(home.jsGzipBytes)} gzip in ${home.jsFiles.length} files`);
    expect(home.jsGzipBytes).toBeLessThan(HOME_JS_LIMIT_BYTES);
  });

  it('bundles zod, Leaflet and drag-and-drop somewhere, and the sourcemaps show where', () => {
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const everywhere = new Set(
      Object.values(manifest)
        .filter(({ file }) => file.endsWith('.js'))
        .flatMap(({ file }) => [...packagesIn(file)]),
    );
    for (const [what, names] of Object.entries(LATER_PACKAGES)) {
      expect(
        names.filter((name) => everywhere.has(name)),
        what,
      ).not.toEqual([]);
    }
  });

  it.each(FIRST_RENDERS)(
    'loads zod, Leaflet and drag-and-drop only with the screens that use them, not on %s',
    (page) => {
      const { jsFiles } = initialLoad(outDir, page);
      const found = jsFiles.flatMap((file) => [...packagesIn(file)].map((name) => `${name} (in ${file})`));
      for (const [what, names] of Object.entries(LATER_PACKAGES)) {
        const inFirstRender = found.filter((entry) => names.includes(entry.slice(0, entry.indexOf(' ('))));
        expect(inFirstRender, `${what} in the first render of ${page}`).toEqual([]);
      }
    },
  );

  it('precaches the shell, every route chunk, the guides and their schedule images', () => {
    const urls = precacheEntries(outDir).map((entry) => entry.url);
    for (const expected of [
      'index.html',
      'bus-guide/schedule-sg-to-fc.svg',
      'bus-guide/schedule-fc-to-sg.svg',
      'icons/icon-192.png',
    ]) {
      expect(urls).toContain(expected);
    }
    for (const chunk of ['index-', 'guide-page', 'bus-guide-page', 'ride-detail-page', 'join-page', 'location-map']) {
      expect(urls.some((url) => url.includes(chunk))).toBe(true);
    }
    expect(urls.some((url) => url.startsWith('api'))).toBe(false);
    // The maps are this test's own: never shipped to the phone.
    expect(urls.some((url) => url.endsWith('.map'))).toBe(false);
  });

  it("index.html lists, for each page path, the files the page's first render needs beyond the shell's", () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const block = new RegExp(`<script type="application/json" id="${PAGE_PRELOADS_ID}">([^<]*)</script>`).exec(html);
    const preloads = JSON.parse(block?.[1] ?? '[]') as Array<[string, string[]]>;
    // What the inline script picks: the first pattern that matches.
    const filesFor = (path: string) => preloads.find(([pattern]) => new RegExp(pattern).test(path))?.[1];
    // One row per path of the route table whose page has a chunk of its own, in the table's order.
    expect(preloads.map(([pattern]) => pattern)).toEqual(lazyRoutes().map(({ path }) => pathPattern(path)));
    expect(preloads.every(([, files]) => files.length > 0)).toBe(true);
    const shell = new Set(initialLoad(outDir, '/home').jsFiles);
    const guideOnly = initialLoad(outDir, '/guide').jsFiles.filter((file) => !shell.has(file));
    expect(new Set(filesFor('/guide'))).toEqual(new Set(guideOnly.map((file) => `/${file}`)));
    expect(filesFor('/rides/12')?.[0]).toMatch(/^\/assets\/ride-detail-page-route-/);
    expect(filesFor('/rides/create')?.[0]).toMatch(/^\/assets\/ride-form-page-/);
    expect(filesFor('/rides/12/join')?.[0]).toMatch(/^\/assets\/join-page-/);
    expect(filesFor('/home')).toBeUndefined();
    expect(filesFor('/rides/12/unknown')).toBeUndefined();
    // The list, then the inline script that reads it, both before the stylesheet: a script after a
    // stylesheet waits for it, and the page's code would be asked for only once the CSS is in.
    const reader = html.indexOf("getElementById('page-preloads')");
    expect(block!.index).toBeLessThan(reader);
    expect(reader).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(reader).toBeLessThan(html.indexOf('<script type="module"'));
    // Every listed file exists and none is one the shell already loads.
    for (const [, files] of preloads) {
      for (const file of files) {
        expect(existsSync(join(outDir, file)), file).toBe(true);
        expect(shell.has(file.slice(1)), file).toBe(false);
      }
    }
  });

  // ADR 0031: the host's rewrite of a painted page must recognise the shell Vite writes, or the
  // app's code would again be fetched and run before the snapshot's first paint.
  it('moves, on a painted page, every script and preload of the built shell after the first paint', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const painted = startAfterPaint(html);
    const loader = new RegExp(
      `<script src="${START_AFTER_PAINT_SCRIPT}" data-entry="([^"]+)" data-preloads="([^"]+)" defer></script>`,
    ).exec(painted);
    expect(loader).not.toBeNull();
    const unescape = (text: string) => text.replace(/&quot;/g, '"');
    const entry = /<script type="module" crossorigin src="([^"]+)">/.exec(html)?.[1];
    expect(unescape(loader![1]!)).toBe(entry);
    const shellPreloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(shellPreloads.length).toBeGreaterThan(0);
    expect(JSON.parse(unescape(loader![2]!))).toEqual(shellPreloads);
    // Nothing of the app's code is left to load or run while the page parses.
    expect(painted).not.toMatch(/type="module"|rel="modulepreload"|getElementById\('page-preloads'\)/);
    expect(existsSync(join(outDir, START_AFTER_PAINT_SCRIPT.slice(1)))).toBe(true);
    // The rest of the shell (the other inline scripts, allowed by hash, and the styles) as built.
    for (const kept of html.match(/<script>[^<]*<\/script>|<link rel="stylesheet"[^>]*>/g)!) {
      if (!kept.includes("'page-preloads'")) expect(painted).toContain(kept);
    }
  });
});
