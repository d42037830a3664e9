// Lists the licences of the packages the app ships (package-lock.json's non-dev entries) and
// fails on one outside the OSI-compatible list, so a new dependency cannot quietly change what
// the MIT LICENSE promises (ADR 0022).
import { readFileSync } from 'node:fs';

const ALLOWED = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC-BY-4.0', // caniuse-lite: data read at build time, attribution only
  'ISC',
  'MIT',
  '(MIT OR CC0-1.0)',
  'MPL-2.0', // file-level copyleft: met by shipping those files unmodified
  'Python-2.0',
  'Unlicense',
]);

type LockEntry = { license?: string; dev?: boolean };
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

const byLicence = new Map<string, string[]>();
for (const [path, entry] of Object.entries(lock.packages)) {
  if (path === '' || entry.dev) continue;
  const name = path.replace(/^.*node_modules\//, '');
  const licence = entry.license ?? 'UNKNOWN';
  byLicence.set(licence, [...(byLicence.get(licence) ?? []), name]);
}

let refused = 0;
for (const [licence, names] of [...byLicence].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${licence}: ${names.length}`);
  if (!ALLOWED.has(licence)) {
    console.log(`  NOT ALLOWED: ${names.join(', ')}`);
    refused += names.length;
  }
}
if (refused > 0) {
  console.error(`${refused} package(s) under a licence outside the list in scripts/licenses.ts`);
  process.exit(1);
}
