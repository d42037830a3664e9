import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialLoad, kb, precacheEntries } from '../../bench/bundle-size.ts';
import { REPO_ROOT } from '../support/host-process.ts';

// The regression guard for issue 5's budget: the figures themselves come from npm run bench:web.
const HOME_JS_LIMIT_BYTES = 130 * 1024;
const DIST = join(REPO_ROOT, 'dist');

describe('bundle budget', () => {
  beforeAll(() => {
    if (!existsSync(join(DIST, '.vite/manifest.json'))) {
      execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: REPO_ROOT, stdio: 'ignore' });
    }
  }, 120_000);

  it(`keeps the first render of /home under ${kb(HOME_JS_LIMIT_BYTES)} of gzip JavaScript`, () => {
    const home = initialLoad(DIST, '/home');
    console.log(`/home initial JS: ${kb(home.jsGzipBytes)} gzip in ${home.jsFiles.length} files`);
    expect(home.jsGzipBytes).toBeLessThan(HOME_JS_LIMIT_BYTES);
  });

  it('loads Leaflet, drag-and-drop and zod only with the screens that use them', () => {
    for (const page of ['/home', '/guide'] as const) {
      const files = initialLoad(DIST, page).jsFiles.join(' ');
      expect(files).not.toMatch(/location-map|sequence-panel|form-/);
    }
  });

  it('precaches the shell, every route chunk, the guides and their schedule images', () => {
    const urls = precacheEntries(DIST).map((entry) => entry.url);
    for (const expected of ['index.html', 'bus-guide/schedule-sg-to-fc.svg', 'bus-guide/schedule-fc-to-sg.svg', 'icons/icon-192.png']) {
      expect(urls).toContain(expected);
    }
    for (const chunk of ['index-', 'guide-page', 'bus-guide-page', 'ride-detail-page', 'join-page', 'location-map']) {
      expect(urls.some((url) => url.includes(chunk))).toBe(true);
    }
    expect(urls.some((url) => url.startsWith('api'))).toBe(false);
  });
});
