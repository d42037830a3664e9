// npm run bench:api with BENCH_CASES=history (issue 36): the reads a member makes when they open
// the app, on the same server seeded with 1,000 and then 50,000 past rides (3 passengers each;
// one commuter on every 25th: 2,000 of them at 50,000; the other places among 60 regulars), on PGlite and, with TEST_DATABASE_URL,
// on PostgreSQL. For each read: the single-client p50 and the rate with 20 connections at both
// sizes, and the ratio. Seeded in SQL as the owner with the tables' notices and chat lines off
// (a history long past has no use for them), then vacuumed as autovacuum would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import postgres from 'postgres';

import { migrate } from '../server/migrate.ts';
import { openPglite } from '../server/pglite-database.ts';
import { CURRENT_POLICIES } from '../supabase/functions/_shared/policies.ts';
import type { Database } from '../supabase/functions/api/lib/database.ts';
import { connectPostgres } from '../supabase/functions/api/lib/postgres-database.ts';
import { withMigratedPglite } from '../tests/support/databases.ts';
import { seedHistory } from '../tests/support/history-seeding.ts';
import { startHost } from '../tests/support/host-process.ts';
import { httpClient, runLoad } from './http.ts';

const SIZES = [1_000, 50_000];
const COMMUTER_EVERY = 25;
// The other two places of each ride go round this many regulars: about 1,700 trips each at
// 50,000, a daily commuter's two years, as the commuter has.
const REGULARS = 60;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 20;
const PASSWORD = 'history-bench-password';

export interface HistoryRead {
  read: string;
  sizes: Array<{ pastRides: number; p50Ms: number; perSecond: number; failures: number }>;
}

export interface HistoryFigures {
  backend: 'pglite' | 'postgres';
  reads: HistoryRead[];
}

interface Members {
  commuter: { id: number; username: string };
  organiser: { id: number; username: string };
  regulars: number[];
  upcoming: number;
  organised: number;
}

type Log = (line: string) => void;

async function addHistory(db: Database, members: Members, from: number, to: number): Promise<void> {
  await seedHistory(db, async (tx) => {
    await tx.query(
      `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location, dropoff_locations)
       select $1::integer, case when g % 2 = 0 then 'SG->FC' else 'FC->SG' end::public.ride_direction,
              now() - g * interval '5 hours', 4, 'Pasir Ris MRT',
              '[{"location": "Tampines Mall", "passengerCount": 1}]'::jsonb
         from generate_series($2::integer, $3::integer) g`,
      [members.organiser.id, from, to],
    );
    // Three passengers a ride: the commuter in the first place of every 25th, regulars elsewhere.
    await tx.query(
      `insert into public.ride_passengers (ride_id, user_id, dropoff_location)
       select r.id, case
                when seat = 1 and r.id % $4::integer = 0 then $3::integer
                else ($1::text::jsonb ->> ((r.id + seat) % $5::integer))::integer
              end, 'Bedok Mall'
         from public.rides r cross join generate_series(1, 3) seat
        where r.organiser_id = $2::integer and r.date < now()
          and not exists (select 1 from public.ride_passengers p where p.ride_id = r.id)`,
      [JSON.stringify(members.regulars), members.organiser.id, members.commuter.id, COMMUTER_EVERY, REGULARS],
    );
  });
  await db.readStatement!(
    'vacuum analyze public.rides, public.ride_passengers, private.trip_mates, private.member_trip_counts',
  );
}

function reads(members: Members): Array<[string, string]> {
  return [
    ['Home, first page', '/api/rides/page?scope=all&time=upcoming&series=once&sort=earliest&limit=20'],
    ['My Rides, organised', '/api/rides/page?scope=organized&time=all'],
    ['My Rides, joined', '/api/rides/page?scope=joined&time=all'],
    ['My Rides, own FC→SG', '/api/rides/page?scope=joined&time=all&direction=FC->SG'],
    ['GET /rides/user/joined', '/api/rides/user/joined'],
    ['offline bundle', '/api/rides/user/offline'],
    ['a ride', `/api/rides/${members.upcoming}`],
    ['its passengers', `/api/rides/${members.upcoming}/passengers`],
    ['my ride’s passengers', `/api/rides/${members.organised}/passengers`],
    ['its chat', `/api/rides/${members.upcoming}/messages`],
    ['unread chats', '/api/chat/unread'],
    ['the inbox', '/api/notifications'],
    ['stats', '/api/stats'],
    ['a member’s record', `/api/users/${members.regulars[0]}/record`],
  ];
}

async function measureReads(hostEnv: Record<string, string>, members: Members, log: Log) {
  const host = await startHost({ env: hostEnv });
  const client = httpClient(host.url, CONNECTIONS + 4);
  try {
    const { cookie } = await client.json('POST', '/api/login', {
      discordUsername: members.commuter.username,
      password: PASSWORD,
    });
    const figures: Array<{ read: string; p50Ms: number; perSecond: number; failures: number }> = [];
    for (const [read, path] of reads(members)) {
      const once = async () => (await client.request('GET', path, { headers: { cookie } })).status === 200;
      const single = await runLoad(1, SECONDS * 1000, once, 300);
      const load = await runLoad(CONNECTIONS, SECONDS * 1000, once);
      figures.push({ read, p50Ms: single.p50Ms, perSecond: load.perSecond, failures: single.failures + load.failures });
      log(`    ${read}: p50 ${single.p50Ms} ms, ${load.perSecond} /s`);
    }
    return figures;
  } finally {
    client.close();
    await host.stop();
  }
}

// The members and today's trips, made through the api as members make them.
async function arrange(hostEnv: Record<string, string>): Promise<Members> {
  const host = await startHost({ env: hostEnv });
  const client = httpClient(host.url, 4);
  try {
    const register = async (name: string) => {
      const username = `hist_${name}_${Date.now().toString(36)}`;
      const { body, cookie } = await client.json<{ id: number }>('POST', '/api/register', {
        discordUsername: username,
        password: PASSWORD,
        name: `${name} person`,
        whatsappNumber: '+65 9123 4567',
        acceptedPolicies: CURRENT_POLICIES,
      });
      return { id: body.id, username, cookie };
    };
    const organiser = await register('organiser');
    const commuter = await register('commuter');
    const regulars = [];
    for (let i = 0; i < REGULARS; i += 1) regulars.push(await register(`regular${i}`));
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const ride = (direction: 'SG->FC' | 'FC->SG') => ({
      direction,
      date,
      maxPassengers: 5,
      pickupLocation: direction === 'SG->FC' ? 'Pasir Ris MRT' : 'Forest City',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
      organizerPassengerCount: 1,
    });
    const upcoming = (await client.json<{ id: number }>('POST', '/api/rides', ride('SG->FC'), organiser.cookie)).body
      .id;
    await client.json('POST', `/api/rides/${upcoming}/join`, { dropoffLocation: 'Bedok Mall' }, commuter.cookie);
    await client.json('POST', `/api/rides/${upcoming}/messages`, { body: 'At exit B' }, commuter.cookie);
    const organised = (await client.json<{ id: number }>('POST', '/api/rides', ride('FC->SG'), commuter.cookie)).body
      .id;
    await client.json('POST', `/api/rides/${organised}/join`, { dropoffLocation: 'Bedok Mall' }, regulars[0]!.cookie);
    return {
      commuter,
      organiser,
      regulars: regulars.map((member) => member.id),
      upcoming,
      organised,
    };
  } finally {
    client.close();
    await host.stop();
  }
}

async function benchOn(
  backend: 'pglite' | 'postgres',
  hostEnv: Record<string, string>,
  open: () => Promise<Database>,
  log: Log,
): Promise<HistoryFigures> {
  const members = await arrange(hostEnv);
  const bySize: Array<Awaited<ReturnType<typeof measureReads>>> = [];
  let seeded = 0;
  for (const size of SIZES) {
    const started = performance.now();
    const db = await open();
    try {
      await addHistory(db, members, seeded + 1, size);
    } finally {
      await db.close();
    }
    seeded = size;
    log(`  ${backend}: ${size} past rides seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    bySize.push(await measureReads(hostEnv, members, log));
  }
  return {
    backend,
    reads: bySize[0]!.map((first, index) => ({
      read: first.read,
      sizes: bySize.map((figures, sizeIndex) => ({ pastRides: SIZES[sizeIndex]!, ...figures[index]! })),
    })),
  };
}

export async function benchHistory(backend: 'pglite' | 'postgres', log: Log, serverUrl?: string) {
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'fc-bench-history-'));
    try {
      await withMigratedPglite(dataDir);
      return await benchOn('pglite', { DATA_DIR: dataDir }, () => openPglite(dataDir), log);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  const name = `fc_bench_history_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const open = async () => connectPostgres(url.toString(), { max: 2 });
    const database = await open();
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    return await benchOn('postgres', { DATABASE_URL: url.toString() }, open, log);
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export function printHistoryTable(results: HistoryFigures[]): void {
  for (const result of results) {
    console.log(`\nhistory on ${result.backend}: single-client p50 and ${CONNECTIONS}-connection rate`);
    console.log(
      `  ${'read'.padEnd(24)} ${SIZES.map((size) => `${size} p50`.padStart(12) + `${size} /s`.padStart(12)).join('')}  ratio /s`,
    );
    for (const read of result.reads) {
      const first = read.sizes[0]!;
      const last = read.sizes.at(-1)!;
      console.log(
        `  ${read.read.padEnd(24)} ${read.sizes
          .map((size) => `${size.p50Ms} ms`.padStart(12) + `${size.perSecond}`.padStart(12))
          .join(
            '',
          )}  ${(last.perSecond / first.perSecond).toFixed(2)}×${read.sizes.some((size) => size.failures) ? ' (failures)' : ''}`,
      );
    }
  }
}
