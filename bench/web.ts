// npm run bench:web: builds, then prints what a phone downloads for the first render of
// /home and /guide, the precache size, and a Lighthouse mobile run of both pages.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS } from '../e2e/support/browser.ts';
import { REPO_ROOT, startHost } from '../tests/support/host-process.ts';
import { initialLoad, kb, PAGE_CHUNKS, precacheEntries, type MeasuredPage } from './bundle-size.ts';

const DIST = join(REPO_ROOT, 'dist');

async function seedRides(baseUrl: string) {
  const register = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ discordUsername: 'bench_organiser', password: 'bench-password', name: 'Bench Organiser' }),
  });
  const cookie = register.headers.get('set-cookie')?.split(';')[0] ?? '';
  for (let day = 1; day <= 12; day += 1) {
    await fetch(`${baseUrl}/api/rides`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        direction: day % 2 ? 'SG->FC' : 'FC->SG',
        date: new Date(Date.now() + day * 86_400_000).toISOString(),
        maxPassengers: 5,
        pickupLocation: day % 2 ? 'Pasir Ris MRT' : 'Forest City',
        dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
        organizerPassengerCount: 1,
      }),
    });
  }
}

async function main() {
  execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: REPO_ROOT, stdio: 'ignore' });

  console.log('First render, initial chunks only (gzip -9):');
  for (const page of Object.keys(PAGE_CHUNKS) as MeasuredPage[]) {
    const load = initialLoad(DIST, page);
    console.log(`  ${page.padEnd(7)} JS ${kb(load.jsGzipBytes).padStart(9)} in ${load.jsFiles.length} files, CSS ${kb(load.cssGzipBytes)}`);
  }
  const precache = precacheEntries(DIST);
  const total = precache.reduce((sum, entry) => sum + entry.bytes, 0);
  console.log(`Precache: ${precache.length} entries, ${kb(total)} uncompressed`);
  const leaflet = precache.filter((entry) => /location-map/.test(entry.url)).map((entry) => entry.url);
  console.log(`Leaflet chunk(s): ${leaflet.join(', ')}`);

  const dataDir = mkdtempSync(join(tmpdir(), 'fc-bench-'));
  const host = await startHost({ env: { DATA_DIR: dataDir, STATIC_DIR: DIST } });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS });
  try {
    await seedRides(host.url);
    console.log('Lighthouse (mobile, simulated throttling):');
    for (const path of ['/home', '/guide']) {
      const result = await lighthouse(`${host.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      console.log(
        `  ${path.padEnd(7)} performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
          `best-practices ${score('best-practices')}, seo ${score('seo')}; ` +
          `LCP ${Math.round(audits['largest-contentful-paint'].numericValue ?? 0)} ms, ` +
          `TBT ${Math.round(audits['total-blocking-time'].numericValue ?? 0)} ms, ` +
          `CLS ${(audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)}`,
      );
      for (const [id, category] of Object.entries(categories)) {
        if ((category.score ?? 1) < 1) {
          const failing = category.auditRefs
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id);
          if (failing.length > 0) console.log(`    ${id} below 100: ${failing.join(', ')}`);
        }
      }
    }
  } finally {
    await chrome.kill();
    await host.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
