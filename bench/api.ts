// npm run bench:api: the embedded host (and PostgreSQL when TEST_DATABASE_URL is set) with
// 1,000 rides; prints requests per second and latency of the list and stats endpoints.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { startHost } from '../tests/support/host-process.ts';

const RIDES = 1000;
const DURATION_MS = 8000;
const CONCURRENCY = 4;

async function post(base: string, path: string, body: unknown, cookie = '') {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function seed(base: string) {
  const organisers: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const answer = await post(base, '/api/register', { discordUsername: `bench${i}`, password: 'bench-password', name: `Bench ${i}` });
    organisers.push(answer.headers.get('set-cookie')!.split(';')[0]);
  }
  for (let i = 0; i < RIDES; i += 1) {
    await post(
      base,
      '/api/rides',
      {
        direction: i % 2 ? 'SG->FC' : 'FC->SG',
        date: new Date(Date.now() + (1 + (i % 60)) * 86_400_000 + i * 60_000).toISOString(),
        maxPassengers: 6,
        pickupLocation: i % 2 ? 'Pasir Ris MRT' : 'Forest City',
        dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
        organizerPassengerCount: 1,
      },
      organisers[i % organisers.length],
    );
  }
}

async function measure(base: string, path: string) {
  const latencies: number[] = [];
  let bytes = 0;
  const deadline = Date.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } });
        const body = await response.arrayBuffer();
        latencies.push(performance.now() - started);
        bytes = Number(response.headers.get('content-length') ?? body.byteLength);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  console.log(
    `  GET ${path.padEnd(11)} ${(latencies.length / (DURATION_MS / 1000)).toFixed(1).padStart(7)} req/s, ` +
      `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, ${latencies.length} requests, JSON ${(bytes / 1024).toFixed(1)} KB before compression`,
  );
}

async function run(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-bench-api-'));
  const host = await startHost({ env: { DATA_DIR: dataDir, ...env } });
  try {
    const seeding = performance.now();
    await seed(host.url);
    console.log(`${label}: seeded ${RIDES} rides in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ${CONCURRENCY} clients for ${DURATION_MS / 1000} s each:`);
    await measure(host.url, '/api/rides');
    await measure(host.url, '/api/stats');
  } finally {
    await host.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  await run('Embedded PGlite', {});
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('PostgreSQL: skipped (set TEST_DATABASE_URL, e.g. eval "$(bash scripts/test-postgres.sh start)")');
    return;
  }
  const name = `fc_bench_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await run('PostgreSQL', { DATABASE_URL: url.toString() });
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
