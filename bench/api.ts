// npm run bench:api: the api on the community fixture (bench/community-fixture.ts: 30 members,
// 1,000 upcoming and 5,000 past rides, 2 passengers each), on the embedded PGlite host and, when
// TEST_DATABASE_URL is set, on the PostgreSQL host. For each: requests per second with 20
// connections for the home screen's first page, its revalidation (304), SPEC's full list and the
// stats; the first page's single-client latency; the bytes of both lists; beside each rate, the
// same SQL run directly on the same database with 20 connections; and 20-way concurrent joins.
// Then what ride alerts cost a ride's creation (bench/ride-alerts-share.ts, also run alone as
// bench:alerts: 1,000 members with 3 alerts each, against a database without alerts created in
// turn). Then the ride chat live (bench/ride-chat-live.ts: 50 rides × 6 members, every
// member's stream open) on a database of its own. Prints a table, then one JSON document with
// every figure.
// BENCH_SECONDS sets the measured seconds per figure (default 5); BENCH_BACKENDS=pglite or
// =postgres runs one host only; BENCH_CASES=community or =chat one part only, =history the reads
// of a member at 1,000 and 50,000 past rides (bench/history.ts; not in the default cases).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import postgres from 'postgres';

import { migrate } from '../server/migrate.ts';
import { openPglite } from '../server/pglite-database.ts';
import { ridePageQuerySchema } from '../supabase/functions/_shared/schemas/ride-page.ts';
import { type Database, RequestDb } from '../supabase/functions/api/lib/database.ts';
import { connectPostgres } from '../supabase/functions/api/lib/postgres-database.ts';
import { readRidePage } from '../supabase/functions/api/queries/ride-page.ts';
import { listAllRidesVersioned } from '../supabase/functions/api/queries/rides.ts';
import { withMigratedPglite } from '../tests/support/databases.ts';
import { startHost } from '../tests/support/host-process.ts';
import {
  FIXTURE_PASSWORD,
  type PreparedFixture,
  preparePgliteFixture,
  preparePostgresFixture,
} from './community-fixture.ts';
import { planCommunity } from './community-plan.ts';
import { benchHistory, type HistoryFigures, printHistoryTable } from './history.ts';
import { type HttpClient, httpClient, inPool, type LoadResult, quantile, runLoad } from './http.ts';
import { ALERT_MEMBERS, ALERTS_EACH } from './ride-alerts-seed.ts';
import { type AlertShare, describeAlertShare, measureAlertShare } from './ride-alerts-share.ts';
import { CHAT_MEMBERS_PER_RIDE, CHAT_RIDES, type ChatLiveFigures, measureChatLive } from './ride-chat-live.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DURATION_MS = SECONDS * 1000;
const CONNECTIONS = 20;
// The home screen's first request, exactly as the PWA sends it (src/features/rides/api/
// get-ride-page.ts): every parameter, in its order; the server's defaults are the same.
const FIRST_PAGE = '/api/rides/page?scope=all&time=upcoming&series=once&sort=earliest&limit=20';
const FULL_LIST = '/api/rides';
const STATS = '/api/stats';
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

interface Bytes {
  raw: number;
  gzip: number;
  // Whether the host itself sent gzip; if not, `gzip` is what gzip -6 would make of it.
  gzipFromHost: boolean;
}

interface JoinRound {
  joins: number;
  succeeded: number;
  wallMs: number;
  p50Ms: number;
  maxMs: number;
}

interface Concurrency {
  // 20 members joining 20 different rides at once, a few rounds.
  differentRides: JoinRound[];
  // 20 members joining one ride at once: no more may get in than it has seats.
  sameRide: {
    joins: number;
    seatsFree: number;
    succeeded: number;
    refused: number;
    overbooked: number;
    wallMs: number;
  };
}

interface BackendFigures {
  backend: 'pglite' | 'postgres';
  fixture: {
    built: boolean;
    buildSeconds: number;
    restoreSeconds: number;
    shiftedBySeconds: number;
    counts: unknown;
    warnings: string[];
  };
  pageRoute: boolean;
  http: Record<string, LoadResult | null>;
  raw: Record<string, LoadResult | null>;
  bytes: { firstPage: Bytes | null; fullList: Bytes };
  joins: Concurrency;
  alertShare: AlertShare;
}

const log = (line: string) => console.error(line);

async function bytesOf(client: HttpClient, path: string): Promise<Bytes> {
  const plain = await client.request('GET', path);
  const zipped = await client.request('GET', path, { headers: BROWSER_HEADERS });
  if (plain.status !== 200 || zipped.status !== 200) throw new Error(`GET ${path}: ${plain.status}/${zipped.status}`);
  const gzipFromHost = zipped.headers['content-encoding'] === 'gzip';
  return {
    raw: plain.body.length,
    gzip: gzipFromHost ? zipped.body.length : gzipSync(plain.body).length,
    gzipFromHost,
  };
}

function loadGet(
  client: HttpClient,
  path: string,
  connections: number,
  headers: Record<string, string> = BROWSER_HEADERS,
  expect = 200,
) {
  return runLoad(
    connections,
    DURATION_MS,
    async () => (await client.request('GET', path, { headers })).status === expect,
  );
}

// The same SQL as the routes, in a transaction of its own as the visitor (set role anon), the way
// each request runs it: H1's statement builders are imported, not copied.
const FIRST_PAGE_QUERY = ridePageQuerySchema.parse({
  scope: 'all',
  time: 'upcoming',
  series: 'once',
  sort: 'earliest',
  limit: '20',
});
const RAW_SQL: Record<string, (db: RequestDb) => Promise<unknown>> = {
  firstPage: (db) => readRidePage(db, FIRST_PAGE_QUERY),
  fullList: (db) => listAllRidesVersioned(db, false),
  stats: (db) => db.one('select app.community_stats() as stats'),
};

async function rawRates(database: Database): Promise<Record<string, LoadResult>> {
  const rates: Record<string, LoadResult> = {};
  for (const [name, run] of Object.entries(RAW_SQL)) {
    rates[name] = await runLoad(CONNECTIONS, DURATION_MS, () =>
      database.transaction(async (tx) => {
        const db = new RequestDb(tx);
        await db.actAs(null);
        await run(db);
        return true;
      }),
    );
    log(`  raw SQL ${name}: ${rates[name]!.perSecond} /s`);
  }
  return rates;
}

// Who joins what: members paired with upcoming rides that have a free seat and that they are
// not on, read as the owner before the host starts (the api would not tell who is on a ride).
interface Candidate {
  id: number;
  free: number;
  people: number[];
}

async function joinCandidates(database: Database): Promise<{ users: Map<string, number>; rides: Candidate[] }> {
  return database.transaction(async (tx) => {
    const users = await tx.query<{ id: number; discord_username: string }>(
      'select id, discord_username from public.users',
    );
    const rides = await tx.query<Candidate>(
      `select r.id, r.max_passengers - r.current_passengers as free,
              array_append(coalesce(array_agg(p.user_id) filter (where p.user_id is not null), '{}'), r.organiser_id) as people
         from public.rides r left join public.ride_passengers p on p.ride_id = r.id
        where r.date > now() + interval '1 day' and r.current_passengers < r.max_passengers
        group by r.id
        order by r.date desc`,
    );
    return { users: new Map(users.map((u) => [u.discord_username, u.id])), rides };
  });
}

async function timedJoins(client: HttpClient, pairs: Array<{ cookie: string; rideId: number }>) {
  const started = performance.now();
  const results = await Promise.all(
    pairs.map(async ({ cookie, rideId }) => {
      const begun = performance.now();
      const answer = await client.request('POST', `/api/rides/${rideId}/join`, {
        headers: { cookie },
        body: { rideId, passengerCount: 1, dropoffLocation: 'Tampines MRT Station, Exit B' },
      });
      return { status: answer.status, ms: performance.now() - begun, text: answer.body.toString() };
    }),
  );
  return { results, wallMs: performance.now() - started };
}

async function joinConcurrency(
  client: HttpClient,
  candidates: Awaited<ReturnType<typeof joinCandidates>>,
  builtAt: string,
): Promise<Concurrency> {
  const plan = planCommunity(Date.parse(builtAt));
  const names = plan.members.map((m) => m.discordUsername);
  const logins = await inPool(names, 4, async (discordUsername) => {
    const { cookie } = await client.json('POST', '/api/login', { discordUsername, password: FIXTURE_PASSWORD });
    return { id: candidates.users.get(discordUsername)!, cookie };
  });

  const taken = new Set<number>();
  const differentRides: JoinRound[] = [];
  for (let round = 0; round < 3; round += 1) {
    const pairs: Array<{ cookie: string; rideId: number }> = [];
    for (const member of logins
      .slice(round % 2 ? 10 : 0)
      .concat(logins.slice(0, round % 2 ? 10 : 0))
      .slice(0, CONNECTIONS)) {
      const ride = candidates.rides.find((r) => !taken.has(r.id) && !r.people.includes(member.id));
      if (!ride) throw new Error('not enough rides with a free seat for the join rounds');
      taken.add(ride.id);
      pairs.push({ cookie: member.cookie, rideId: ride.id });
    }
    const { results, wallMs } = await timedJoins(client, pairs);
    const failed = results.filter((r) => r.status !== 201);
    if (failed.length > 0)
      log(
        `  join round ${round + 1}: ${failed.length} refused, e.g. ${failed[0]!.status} ${failed[0]!.text.slice(0, 160)}`,
      );
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    differentRides.push({
      joins: results.length,
      succeeded: results.length - failed.length,
      wallMs: Math.round(wallMs),
      p50Ms: Math.round(quantile(latencies, 0.5)),
      maxMs: Math.round(latencies.at(-1)!),
    });
  }

  // The ride with the most free seats that 20 members are not on yet.
  const target = candidates.rides
    .filter((r) => !taken.has(r.id))
    .map((r) => ({ ride: r, outsiders: logins.filter((m) => !r.people.includes(m.id)) }))
    .filter(({ outsiders }) => outsiders.length >= CONNECTIONS)
    .sort((a, b) => b.ride.free - a.ride.free)[0]!;
  const { results, wallMs } = await timedJoins(
    client,
    target.outsiders.slice(0, CONNECTIONS).map((m) => ({ cookie: m.cookie, rideId: target.ride.id })),
  );
  const succeeded = results.filter((r) => r.status === 201).length;
  const after = await client.json<{ currentPassengers: number; maxPassengers: number }>(
    'GET',
    `/api/rides/${target.ride.id}`,
    undefined,
    logins[0]!.cookie,
  );
  return {
    differentRides,
    sameRide: {
      joins: results.length,
      seatsFree: target.ride.free,
      succeeded,
      refused: results.filter((r) => r.status === 409).length,
      overbooked:
        Math.max(0, after.body.currentPassengers - after.body.maxPassengers) +
        Math.max(0, succeeded - target.ride.free),
      wallMs: Math.round(wallMs),
    },
  };
}

async function benchHost(
  backend: BackendFigures['backend'],
  prepared: PreparedFixture,
  hostEnv: Record<string, string>,
  openDatabase: () => Promise<Database>,
): Promise<BackendFigures> {
  const owner = await openDatabase();
  let candidates: Awaited<ReturnType<typeof joinCandidates>>;
  try {
    candidates = await joinCandidates(owner);
  } finally {
    await owner.close();
  }

  const host = await startHost({ env: hostEnv });
  const client = httpClient(host.url, CONNECTIONS + 4);
  const http: BackendFigures['http'] = {};
  let bytes: BackendFigures['bytes'];
  let pageRoute: boolean;
  let joins: Concurrency;
  try {
    const probe = await client.request('GET', FIRST_PAGE);
    pageRoute = probe.status === 200;
    if (!pageRoute)
      log(`  ${FIRST_PAGE} answered ${probe.status}: the windowed list is not there yet; its figures are left out`);
    bytes = {
      firstPage: pageRoute ? await bytesOf(client, FIRST_PAGE) : null,
      fullList: await bytesOf(client, FULL_LIST),
    };

    const measure = async (name: string, work: () => Promise<LoadResult>) => {
      http[name] = await work();
      log(
        `  ${name}: ${http[name]!.perSecond} /s, p50 ${http[name]!.p50Ms} ms (client CPU ${http[name]!.clientCpuPercent} %)`,
      );
    };
    if (pageRoute) {
      await measure('firstPage', () => loadGet(client, FIRST_PAGE, CONNECTIONS));
      const etag = (await client.request('GET', FIRST_PAGE, { headers: BROWSER_HEADERS })).headers.etag;
      if (etag)
        await measure('firstPage304', () =>
          loadGet(client, FIRST_PAGE, CONNECTIONS, { ...BROWSER_HEADERS, 'if-none-match': etag }, 304),
        );
      else log('  the first page carries no ETag: no revalidation figure');
      await measure('firstPageSingleClient', () => loadGet(client, FIRST_PAGE, 1));
    }
    await measure('fullList', () => loadGet(client, FULL_LIST, CONNECTIONS));
    await measure('stats', () => loadGet(client, STATS, CONNECTIONS));
    joins = await joinConcurrency(client, candidates, prepared.meta.builtAt);
  } finally {
    client.close();
    await host.stop('SIGTERM', 60_000);
  }

  const database = await openDatabase();
  let raw: Record<string, LoadResult>;
  try {
    raw = await rawRates(database);
  } finally {
    await database.close();
  }
  // On two databases of their own, created in turn, so the machine's load falls on both alike.
  const alertShare = await measureAlertShare(backend);
  log(`  ${describeAlertShare(alertShare)}`);
  return {
    backend,
    fixture: {
      built: prepared.built,
      buildSeconds: prepared.meta.buildSeconds,
      restoreSeconds: prepared.restoreSeconds,
      shiftedBySeconds: prepared.shiftedBySeconds,
      counts: prepared.meta.counts,
      warnings: prepared.meta.warnings,
    },
    pageRoute,
    http,
    raw,
    bytes,
    joins,
    alertShare,
  };
}

async function benchPglite(): Promise<BackendFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-bench-api-'));
  try {
    const prepared = await preparePgliteFixture(dataDir, log);
    log(
      `PGlite: fixture ready (${prepared.built ? `built in ${prepared.meta.buildSeconds} s, ` : 'from the cache, '}restored in ${prepared.restoreSeconds} s)`,
    );
    return await benchHost('pglite', prepared, { DATA_DIR: dataDir }, () => openPglite(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(serverUrl: string): Promise<BackendFigures> {
  const fixture = await preparePostgresFixture(serverUrl, log);
  log(
    `PostgreSQL: fixture ready (${fixture.built ? `built in ${fixture.meta.buildSeconds} s, ` : 'from the cache, '}restored in ${fixture.restoreSeconds} s)`,
  );
  try {
    // As many connections as the load has, so the raw figure is not capped by the pool.
    return await benchHost('postgres', fixture, { DATABASE_URL: fixture.url }, async () =>
      connectPostgres(fixture.url, { max: CONNECTIONS }),
    );
  } finally {
    await fixture.drop();
  }
}

async function benchChat(backend: 'pglite' | 'postgres', serverUrl?: string): Promise<ChatLiveFigures> {
  log(
    `${backend === 'pglite' ? 'PGlite' : 'PostgreSQL'}: the ride chat live, ${CHAT_RIDES} rides × ${CHAT_MEMBERS_PER_RIDE} members`,
  );
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'fc-bench-chat-'));
    try {
      await withMigratedPglite(dataDir);
      return await measureChatLive({ DATA_DIR: dataDir }, () => openPglite(dataDir), log);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  const name = `fc_bench_chat_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const database = connectPostgres(url.toString(), { max: 2 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    return await measureChatLive(
      { DATABASE_URL: url.toString() },
      async () => connectPostgres(url.toString(), { max: 2 }),
      log,
    );
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function printChatTable(chat: Array<{ backend: string; figures: ChatLiveFigures }>) {
  if (chat.length === 0) return;
  const first = chat[0]!.figures;
  console.log(
    `\nride chat live: ${first.rides} rides × ${CHAT_MEMBERS_PER_RIDE} members, ${first.streams} streams open, ${first.messages} messages at ${first.ratePerSecond}/s`,
  );
  const rows: string[][] = [['', ...chat.map((c) => (c.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'))]];
  rows.push(['send-to-seen p50 / p99', ...chat.map((c) => `${c.figures.seen.p50Ms} / ${c.figures.seen.p99Ms} ms`)]);
  rows.push(['  p95 / max', ...chat.map((c) => `${c.figures.seen.p95Ms} / ${c.figures.seen.maxMs} ms`)]);
  rows.push([
    '  pairs seen / missed',
    ...chat.map((c) => `${c.figures.seen.pairs - c.figures.seen.missed} / ${c.figures.seen.missed}`),
  ]);
  rows.push(['POST p50 / p99', ...chat.map((c) => `${c.figures.post.p50Ms} / ${c.figures.post.p99Ms} ms`)]);
  rows.push([
    'api CPU per 1,000 messages',
    ...chat.map((c) => `${c.figures.hostCpuSecondsPer1000} s (${c.figures.hostCpuPercentWhileSending} % of a core)`),
  ]);
  rows.push([
    'api CPU a minute, 300 chats quiet: streams / asking every 4 s',
    ...chat.map(
      (c) => `${c.figures.idleHostCpuSecondsPerMinute.streams} / ${c.figures.idleHostCpuSecondsPerMinute.polling} s`,
    ),
  ]);
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
}

const ALERTS_LABEL = `${ALERT_MEMBERS.toLocaleString('en')} × ${ALERTS_EACH}`;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(results: BackendFigures[]) {
  const rows: string[][] = [
    [
      '',
      ...results.map((r) => (r.backend === 'pglite' ? 'PGlite: api' : 'PostgreSQL: api')),
      ...results.map((r) => `${r.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'}: raw SQL`),
      'api / raw',
    ],
  ];
  const rate = (result: LoadResult | null | undefined) => (result ? `${result.perSecond} /s` : '–');
  const share = (api: LoadResult | null | undefined, raw: LoadResult | null | undefined) =>
    api && raw ? `${Math.round((api.perSecond / raw.perSecond) * 100)} %` : '–';
  const line = (label: string, httpKey: string, rawKey: string | null) =>
    rows.push([
      label,
      ...results.map((r) => rate(r.http[httpKey])),
      ...results.map((r) => (rawKey ? rate(r.raw[rawKey]) : '')),
      rawKey ? results.map((r) => share(r.http[httpKey], r.raw[rawKey])).join(' / ') : '',
    ]);
  line(`first page (${CONNECTIONS} conn.)`, 'firstPage', 'firstPage');
  line('first page, 304 revalidation', 'firstPage304', null);
  line(`full list (${CONNECTIONS} conn.)`, 'fullList', 'fullList');
  line(`stats (${CONNECTIONS} conn.)`, 'stats', 'stats');
  rows.push([
    'first page, 1 client p50 / p95',
    ...results.map((r) =>
      r.http.firstPageSingleClient
        ? `${r.http.firstPageSingleClient.p50Ms} / ${r.http.firstPageSingleClient.p95Ms} ms`
        : '–',
    ),
  ]);
  rows.push([
    'first page, raw / gzip',
    ...results.map((r) => (r.bytes.firstPage ? `${kb(r.bytes.firstPage.raw)} / ${kb(r.bytes.firstPage.gzip)}` : '–')),
  ]);
  rows.push([
    'full list, raw / gzip',
    ...results.map((r) => `${kb(r.bytes.fullList.raw)} / ${kb(r.bytes.fullList.gzip)}`),
  ]);
  rows.push([
    'client CPU, max over api runs',
    ...results.map((r) => `${Math.max(...Object.values(r.http).map((h) => h?.clientCpuPercent ?? 0))} %`),
  ]);
  rows.push([
    '20 joins, different rides: wall',
    ...results.map((r) => r.joins.differentRides.map((round) => `${round.wallMs}`).join(', ') + ' ms'),
  ]);
  rows.push([
    '20 joins, one ride: in / seats / overbooked',
    ...results.map(
      (r) => `${r.joins.sameRide.succeeded} / ${r.joins.sameRide.seatsFree} / ${r.joins.sameRide.overbooked}`,
    ),
  ]);
  rows.push(['create a ride, p50: no alerts', ...results.map((r) => `${r.alertShare.p50Ms.today} ms`)]);
  rows.push([
    `  with ${ALERTS_LABEL} alerts, telling`,
    ...results.map(
      (r) =>
        `${r.alertShare.p50Ms.withAlertsTelling} ms (× ${r.alertShare.ratio.telling}, ${r.alertShare.membersToldPerRide} told)`,
    ),
  ]);
  rows.push([
    `  with ${ALERTS_LABEL} alerts, in no window`,
    ...results.map((r) => `${r.alertShare.p50Ms.withAlertsNoneTold} ms (× ${r.alertShare.ratio.noneTold})`),
  ]);
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => (cell ?? '').padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
}

async function main() {
  const startedAt = new Date().toISOString();
  const only = process.env.BENCH_BACKENDS?.split(',');
  const cases = process.env.BENCH_CASES?.split(',') ?? ['community', 'chat'];
  const results: BackendFigures[] = [];
  const chat: Array<{ backend: 'pglite' | 'postgres'; figures: ChatLiveFigures }> = [];
  const history: HistoryFigures[] = [];
  if (!only || only.includes('pglite')) {
    if (cases.includes('history')) history.push(await benchHistory('pglite', log));
    if (cases.includes('community')) results.push(await benchPglite());
    if (cases.includes('chat')) chat.push({ backend: 'pglite', figures: await benchChat('pglite') });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (only && !only.includes('postgres')) log('PostgreSQL: skipped (BENCH_BACKENDS)');
  else if (serverUrl) {
    if (cases.includes('community')) results.push(await benchPostgres(serverUrl));
    if (cases.includes('chat')) chat.push({ backend: 'postgres', figures: await benchChat('postgres', serverUrl) });
    if (cases.includes('history')) history.push(await benchHistory('postgres', log, serverUrl));
  } else log('PostgreSQL: skipped (set TEST_DATABASE_URL, e.g. eval "$(bash scripts/test-postgres.sh start)")');

  console.log(
    `\nbench:api on the community fixture, ${CONNECTIONS} connections, ${SECONDS} s per figure, measured ${startedAt}`,
  );
  if (results.length > 0) printTable(results);
  printChatTable(chat);
  printHistoryTable(history);
  console.log(
    JSON.stringify(
      {
        bench: 'api',
        measuredAt: startedAt,
        seconds: SECONDS,
        connections: CONNECTIONS,
        firstPage: FIRST_PAGE,
        cpus: cpus().length,
        loadAverage: loadavg(),
        results,
        chat,
        history,
      },
      null,
      2,
    ),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
