// What ride alerts cost a ride's creation (issue 24 §2): the time to create a ride, one after
// another from one organiser, over HTTP (the api's POST /api/rides) and as its bare INSERT in a
// transaction acting as the organiser (the trigger's share alone), first with no alerts, then
// with 1,000 more members holding 3 alerts each. The alerts are spread as members would set
// them: either direction; half standing (1 to 3 weekdays), half dated (a range of up to a week
// within the next three weeks); windows of 2 to 5 hours between 05:00 and 23:00 Singapore time.
// The rides are spread over the next four weeks, 06:00 to 22:30, so each one matches what such
// alerts would match (the figures say how many members each ride told); and again at night
// (01:00 to 04:30), where no window is open: the cost of the match alone, without anyone to tell.
import type { Database } from '../supabase/functions/api/lib/database.ts';
import { startHost } from '../tests/support/host-process.ts';
import { FIXTURE_PASSWORD } from './community-fixture.ts';
import { type HttpClient, httpClient, quantile } from './http.ts';

export const ALERT_MEMBERS = 1_000;
export const ALERTS_EACH = 3;
const RIDES_PER_PHASE = 40;

export interface CreationTimes {
  rides: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
}

export interface Phases {
  without: CreationTimes;
  with: CreationTimes;
  withNoMatch: CreationTimes;
  ratioP50: number;
  ratioP50NoMatch: number;
}

export interface AlertCost {
  alerts: number;
  // Members told per ride created with the alerts in place (the inbox rows it wrote).
  toldPerRide: { mean: number; max: number };
  // with: rides that match as the alerts spread; withNoMatch: rides in no alert's window.
  http: Phases;
  insert: Phases;
}

function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function times(samples: number[]): CreationTimes {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    rides: samples.length,
    p50Ms: round(quantile(sorted, 0.5)),
    p95Ms: round(quantile(sorted, 0.95)),
    meanMs: round(samples.reduce((sum, value) => sum + value, 0) / samples.length),
  };
}

// The rides of one phase: a seeded spread, different for each phase so no two rides coincide.
function rideDates(seed: number, night = false): Array<{ direction: 'SG->FC' | 'FC->SG'; date: string }> {
  const random = generator(seed);
  const today = Math.floor((Date.now() + 8 * 3_600_000) / 86_400_000) * 86_400_000 - 8 * 3_600_000;
  return Array.from({ length: RIDES_PER_PHASE }, (_, index) => {
    const day = 1 + Math.floor(random() * 28);
    const halfHours = night ? 2 + Math.floor(random() * 8) : 12 + Math.floor(random() * 34);
    return {
      direction: index % 2 === 0 ? 'FC->SG' : 'SG->FC',
      date: new Date(today + day * 86_400_000 + halfHours * 1_800_000).toISOString(),
    };
  });
}

function rideBody(ride: { direction: string; date: string }) {
  return {
    direction: ride.direction,
    date: ride.date,
    maxPassengers: 4,
    pickupLocation: ride.direction === 'FC->SG' ? 'Forest City' : 'Pasir Ris MRT',
    dropoffLocations: [
      { location: ride.direction === 'FC->SG' ? 'Tampines Mall' : 'Pasir Ris MRT', passengerCount: 1 },
    ],
    organizerPassengerCount: 1,
  };
}

async function ownerWork<T>(openDatabase: () => Promise<Database>, work: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

// The INSERT the api makes for a ride, acting as the organiser, each in its own transaction.
async function timedInserts(database: Database, organiserId: number, seed: number, night = false) {
  const samples: number[] = [];
  const told: number[] = [];
  for (const ride of rideDates(seed, night)) {
    const started = performance.now();
    const id = await database.transaction(async (tx) => {
      await tx.query('select private.act_as($1::integer, false)', [organiserId]);
      await tx.query('set local role authenticated');
      const [row] = await tx.query<{ id: number }>(
        `insert into public.rides (creator_id, direction, date, max_passengers, pickup_location, dropoff_locations)
         values ($1, $2::public.ride_direction, $3::timestamptz, 4, $4, $5::text::jsonb) returning id`,
        [
          organiserId,
          ride.direction,
          ride.date,
          rideBody(ride).pickupLocation,
          JSON.stringify(rideBody(ride).dropoffLocations),
        ],
      );
      return row!.id;
    });
    samples.push(performance.now() - started);
    const [count] = await database.transaction((tx) =>
      tx.query<{ n: number }>(
        `select count(*)::int as n from public.notifications where ride_id = $1 and kind = 'ride_alert'`,
        [id],
      ),
    );
    told.push(count!.n);
  }
  return { times: times(samples), told };
}

async function timedHttpCreates(hostEnv: Record<string, string>, organiser: string, seed: number, night = false) {
  const host = await startHost({ env: hostEnv });
  const client: HttpClient = httpClient(host.url, 2);
  try {
    const { cookie } = await client.json('POST', '/api/login', {
      discordUsername: organiser,
      password: FIXTURE_PASSWORD,
    });
    // One unmeasured request warms the host's statement cache and connection.
    await client.request('GET', '/api/stats', { headers: { cookie } });
    const samples: number[] = [];
    for (const ride of rideDates(seed, night)) {
      const started = performance.now();
      const answer = await client.request('POST', '/api/rides', { headers: { cookie }, body: rideBody(ride) });
      samples.push(performance.now() - started);
      if (answer.status !== 201)
        throw new Error(`POST /api/rides answered ${answer.status}: ${answer.body.toString()}`);
    }
    return times(samples);
  } finally {
    client.close();
    await host.stop('SIGTERM', 60_000);
  }
}

// 1,000 members, 3 alerts each, written as the owner (the api's throttles on sign-ups are not
// what is measured here).
export async function seedAlerts(database: Database): Promise<number> {
  const random = generator(24_02);
  const pick = (n: number) => Math.floor(random() * n);
  return database.transaction(async (tx) => {
    const users = await tx.query<{ id: number }>(
      `insert into public.users (discord_username, name)
       select 'alertbench' || n, 'Alert Bench ' || n from generate_series(1, $1::int) n
       returning id`,
      [ALERT_MEMBERS],
    );
    const rows = { user: [] as number[], direction: [] as string[], first: [] as (string | null)[] };
    const more = { last: [] as (string | null)[], weekdays: [] as (string | null)[], start: [] as string[] };
    const ends: string[] = [];
    const day = (offset: number) =>
      new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    for (const { id } of users) {
      for (let n = 0; n < ALERTS_EACH; n += 1) {
        rows.user.push(id);
        rows.direction.push(random() < 0.5 ? 'FC->SG' : 'SG->FC');
        if (random() < 0.5) {
          const days = new Set(Array.from({ length: 1 + pick(3) }, () => 1 + pick(7)));
          rows.first.push(null);
          more.last.push(null);
          more.weekdays.push(`{${[...days].sort().join(',')}}`);
        } else {
          const first = pick(21);
          rows.first.push(day(first));
          more.last.push(day(first + pick(7)));
          more.weekdays.push(null);
        }
        const start = 5 + pick(14);
        more.start.push(`${String(start).padStart(2, '0')}:00`);
        ends.push(`${String(start + 2 + pick(4)).padStart(2, '0')}:00`);
      }
    }
    await tx.query(
      `insert into public.ride_alerts (user_id, direction, first_day, last_day, weekdays, window_start, window_end)
       select user_id, direction, first_day, last_day, weekdays::smallint[], window_start, window_end
         from unnest($1::int[], $2::public.ride_direction[], $3::date[], $4::date[], $5::text[], $6::time[], $7::time[])
         as a(user_id, direction, first_day, last_day, weekdays, window_start, window_end)`,
      [rows.user, rows.direction, rows.first, more.last, more.weekdays, more.start, ends],
    );
    await tx.query('analyze public.ride_alerts');
    await tx.query('analyze public.notifications');
    return rows.user.length;
  });
}

export async function measureAlertCost(
  openDatabase: () => Promise<Database>,
  hostEnv: Record<string, string>,
  organiser: string,
  log: (line: string) => void,
): Promise<AlertCost> {
  const organiserId = await ownerWork(openDatabase, async (database) => {
    // Up to 160 more rides from one organiser: beyond what the throttles let a person create.
    await database.transaction((tx) =>
      tx.query(`update private.throttle_limits set max_count = 1000000 where name like 'rides:%'`),
    );
    const [row] = await database.transaction((tx) =>
      tx.query<{ id: number }>('select id from public.users where discord_username = $1', [organiser]),
    );
    return row!.id;
  });

  const httpWithout = await timedHttpCreates(hostEnv, organiser, 1);
  log(`  create a ride over HTTP, no alerts: p50 ${httpWithout.p50Ms} ms`);
  const insertWithout = await ownerWork(openDatabase, (database) => timedInserts(database, organiserId, 2));
  log(`  the ride's INSERT, no alerts: p50 ${insertWithout.times.p50Ms} ms`);

  const alerts = await ownerWork(openDatabase, seedAlerts);
  log(`  ${alerts} alerts of ${ALERT_MEMBERS} members saved`);

  const insertWith = await ownerWork(openDatabase, (database) => timedInserts(database, organiserId, 3));
  log(
    `  the ride's INSERT, with the alerts: p50 ${insertWith.times.p50Ms} ms, members told per ride ${insertWith.told.join(' ')}`,
  );
  const insertNight = await ownerWork(openDatabase, (database) => timedInserts(database, organiserId, 5, true));
  log(`  the ride's INSERT, with the alerts, in no window: p50 ${insertNight.times.p50Ms} ms`);
  const httpWith = await timedHttpCreates(hostEnv, organiser, 4);
  log(`  create a ride over HTTP, with the alerts: p50 ${httpWith.p50Ms} ms`);
  const httpNight = await timedHttpCreates(hostEnv, organiser, 6, true);
  log(`  create a ride over HTTP, with the alerts, in no window: p50 ${httpNight.p50Ms} ms`);

  const ratio = (a: CreationTimes, b: CreationTimes) => Math.round((b.p50Ms / a.p50Ms) * 100) / 100;
  return {
    alerts,
    toldPerRide: {
      mean: Math.round((insertWith.told.reduce((sum, n) => sum + n, 0) / insertWith.told.length) * 10) / 10,
      max: Math.max(...insertWith.told),
    },
    http: {
      without: httpWithout,
      with: httpWith,
      withNoMatch: httpNight,
      ratioP50: ratio(httpWithout, httpWith),
      ratioP50NoMatch: ratio(httpWithout, httpNight),
    },
    insert: {
      without: insertWithout.times,
      with: insertWith.times,
      withNoMatch: insertNight.times,
      ratioP50: ratio(insertWithout.times, insertWith.times),
      ratioP50NoMatch: ratio(insertWithout.times, insertNight.times),
    },
  };
}
