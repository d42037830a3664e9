// `npm test`'s runner (it builds first): the browser journeys in one Vitest process, one file at
// a time, while the api and jsdom files run beside them in another on one worker, and after
// those the journeys kept for that lane (E2E_AFTER_API). Vitest itself
// runs a project without file parallelism only after every other project has finished, which
// left a core idle for the whole e2e part (docs/decisions/0030-e2e-beside-the-api-tests.md).
// The two outputs are passed through line by line; the end states what both ran, in Vitest's
// own words, and names every skipped test.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = join(import.meta.dirname, '..');
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

// The build the journeys serve, as `npm run build` makes it (NODE_ENV=production), with hidden
// sourcemaps: the JavaScript stays byte for byte the same, and the bundle budget reads which
// modules each chunk holds from this build instead of making its own (SUITE_DIST). The e2e
// hosts serve dist/ but no page names a map; `npm start` builds again, without them.
const DIST = join(ROOT, 'dist');
execFileSync(
  process.execPath,
  [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--sourcemap', 'hidden', '--emptyOutDir'],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
);
process.env.SUITE_DIST = DIST;
const reports = mkdtempSync(join(tmpdir(), 'fc-suite-'));
// Arguments after `npm test --` (a file filter, -t) go to both runs; one of them may then have
// no file to run, which is not a failure.
const extra = process.argv.slice(2);
const filter = extra.length ? ['--passWithNoTests', ...extra] : [];

// Browser journeys run after the api and jsdom files, in their lane, to even the two lanes out:
// with the jsdom files in one environment (186 s to 35 s) the api and jsdom lane ends minutes
// before the journeys do (ADR 0030). With a filter, everything runs in its own project's lane.
const E2E_AFTER_API = extra.length ? [] : ['e2e/pwa-part-two.test.ts'];
const excluded = E2E_AFTER_API.flatMap((file) => ['--exclude', file]);

// The jsdom files run in a process of their own: mixed with the api files on one worker, each
// jsdom file after an api file built its environment again (126 s in a full run, against 1 s).
const lanes = [
  [{ name: 'e2e', args: ['--project', 'e2e', ...excluded] }],
  [
    { name: 'api', args: ['--project', 'api', '--maxWorkers=1'] },
    { name: 'ui', args: ['--project', 'ui', '--maxWorkers=1'] },
    ...(E2E_AFTER_API.length ? [{ name: 'e2e-after-api', args: ['--project', 'e2e', ...E2E_AFTER_API] }] : []),
  ],
];

function run({ name, args }) {
  const report = join(reports, `${name}.json`);
  const child = spawn(
    process.execPath,
    [VITEST, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...filter],
    // Piped, Vitest would drop its colours; a terminal (or CI's log) keeps them.
    { stdio: ['ignore', 'pipe', 'pipe'], env: { FORCE_COLOR: '1', ...process.env } },
  );
  createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`${line}\n`));
  createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${line}\n`));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), report }));
  });
}

function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// One run after another within a lane; a failed run does not stop the lane's next.
async function runLane(lane) {
  const done = [];
  for (const step of lane) done.push(await run(step));
  return done;
}

const results = (await Promise.all(lanes.map(runLane))).flat();
const totals = { passed: 0, failed: 0, skipped: 0, files: 0, failedFiles: 0 };
const skipped = [];
for (const { name, report } of results) {
  const json = readReport(report);
  if (!json) {
    console.error(`${name}: no report was written (the run ended before its tests did)`);
    totals.failed += 1;
    continue;
  }
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
  totals.files += json.testResults.length;
  totals.failedFiles += json.testResults.filter((file) => file.status === 'failed').length;
  for (const file of json.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo') {
        skipped.push(`${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}`);
      }
    }
  }
}
rmSync(reports, { recursive: true, force: true });

if (skipped.length) console.log(`\nSkipped:\n${skipped.map((test) => `  ${test}`).join('\n')}`);
const parts = [
  totals.failed ? `${totals.failed} failed` : null,
  `${totals.passed} passed`,
  totals.skipped ? `${totals.skipped} skipped` : null,
].filter(Boolean);
const fileParts = [
  totals.failedFiles ? `${totals.failedFiles} failed` : null,
  `${totals.files - totals.failedFiles} passed`,
]
  .filter(Boolean)
  .join(' | ');
// The same two lines as Vitest's summary, for both runs together (.ci/run reads the last "Tests").
console.log(`\n Test Files  ${fileParts} (${totals.files})`);
console.log(`      Tests  ${parts.join(' | ')} (${totals.passed + totals.failed + totals.skipped})`);
process.exit(results.some(({ code }) => code !== 0) || totals.failed > 0 ? 1 : 0);
