// The community two years on (community-plan.ts), built the way it would have grown: members
// register, organise and join through the api of a real host; then, as the database owner, the
// rides are dated back to when they happened. Building takes minutes, so the result is cached
// under the OS temp dir (a PGlite data directory; a template database on PostgreSQL), keyed by
// the migrations and this code, and each run starts from a copy with every date moved forward
// by the time since the build: upcoming rides stay upcoming, past ones past.
//
// Used by npm run bench:api, npm run bench:web and npm run screenshots.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import postgres from 'postgres';

import { migrate, MIGRATIONS_DIR } from '../server/migrate.ts';
import { openPglite } from '../server/pglite-database.ts';
import { keepUpOnce } from '../server/pglite-upkeep.ts';
import { CURRENT_POLICIES } from '../supabase/functions/_shared/policies.ts';
import type { Database, Queryable } from '../supabase/functions/api/lib/database.ts';
import { connectPostgres } from '../supabase/functions/api/lib/postgres-database.ts';
import { REPO_ROOT, startHost } from '../tests/support/host-process.ts';
import { type CommunityPlan, FIXTURE_PASSWORD, planCommunity } from './community-plan.ts';
import { httpClient, inPool } from './http.ts';

export { FIXTURE_PASSWORD };

export interface FixtureMeta {
  key: string;
  // The moment the plan's dates are relative to.
  builtAt: string;
  buildSeconds: number;
  counts: FixtureCounts;
  vendorApproval: 'approved through the api' | 'no approval route';
  throttles: 'raised while seeding, then restored' | 'no private.throttle_limits table';
  // Anything that did not go the documented way (e.g. a trigger refusing the dating back).
  warnings: string[];
}

export interface FixtureCounts {
  members: number;
  vendors: number;
  upcomingRides: number;
  pastRides: number;
  passengers: number;
  fullRides: number;
  assignedUpcoming: number;
  assignedPast: number;
}

export interface PreparedFixture {
  meta: FixtureMeta;
  // Whether this run had to build the fixture (a cold cache).
  built: boolean;
  // Copying the cached fixture and moving its dates forward.
  restoreSeconds: number;
  shiftedBySeconds: number;
}

type Log = (line: string) => void;

const CACHE_ROOT = join(tmpdir(), 'fc-community-fixture');
const PLAN_FILE = join(REPO_ROOT, 'bench/community-plan.ts');
// Part of the cache key with the schema and the plan: raise it when a change here changes what
// a build holds (not for a change in how it is reported), so a rebuild is not paid for nothing.
const BUILD_VERSION = 1;
// The most a generous throttle needs to let 6,000 rides and 12,000 joins through.
const RAISED_LIMIT = 1_000_000;

// What the fixture's content depends on: the schema, the seed, the plan and the build steps.
export function fixtureKey(): string {
  const hash = createHash('sha256').update(`build ${BUILD_VERSION}`);
  const files = [
    ...readdirSync(MIGRATIONS_DIR)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => join(MIGRATIONS_DIR, file)),
    join(REPO_ROOT, 'supabase/seed.sql'),
    join(REPO_ROOT, 'server/bootstrap.sql'),
    PLAN_FILE,
  ];
  for (const file of files) {
    hash.update(file.slice(REPO_ROOT.length));
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

function countPlan(plan: CommunityPlan): FixtureCounts {
  const now = Date.parse(plan.now);
  const upcoming = plan.rides.filter((ride) => Date.parse(ride.date) > now);
  const past = plan.rides.filter((ride) => Date.parse(ride.date) <= now);
  return {
    members: plan.members.length,
    vendors: plan.vendors.length,
    upcomingRides: upcoming.length,
    pastRides: past.length,
    passengers: plan.rides.reduce((sum, ride) => sum + ride.passengers.length, 0),
    fullRides: plan.rides.filter(
      (ride) =>
        ride.organizerPassengerCount + ride.passengers.reduce((sum, p) => sum + p.passengerCount, 0) ===
        ride.maxPassengers,
    ).length,
    assignedUpcoming: upcoming.filter((ride) => ride.vendor !== null).length,
    assignedPast: past.filter((ride) => ride.vendor !== null).length,
  };
}

// ---------------------------------------------------------------------------------------------
// Through the api

interface Seeded {
  memberIds: number[];
  vendorIds: number[];
  rideIds: number[];
  vendorApproval: FixtureMeta['vendorApproval'];
}

async function seedThroughApi(baseUrl: string, plan: CommunityPlan, concurrency: number, log: Log): Promise<Seeded> {
  const client = httpClient(baseUrl, concurrency + 4);
  try {
    const register = async (person: object) => {
      const answer = await client.json<{ id: number }>('POST', '/api/register', {
        ...person,
        password: FIXTURE_PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
      });
      return { id: answer.body.id, cookie: answer.cookie };
    };
    // The admin is user 1 named ADMIN_USERNAME, so it registers first; bcrypt bounds the rest.
    const admin = await register(plan.members[0]!);
    const members = [admin, ...(await inPool(plan.members.slice(1), 4, register))];
    const vendors = await inPool(plan.vendors, 2, register);

    let vendorApproval: FixtureMeta['vendorApproval'] = 'approved through the api';
    for (const vendor of vendors) {
      const answer = await client.request('POST', `/api/admin/vendors/${vendor.id}/approve`, {
        headers: { cookie: admin.cookie },
        body: { licenceNote: 'Checked SSM company profile, cross-border permit and plate, called the driver' },
      });
      // Hono's own 404 (no JSON): a host from before vendor approval.
      if (answer.status === 404 && !answer.body.toString().startsWith('{')) vendorApproval = 'no approval route';
      else if (answer.status !== 200)
        throw new Error(`approving vendor ${vendor.id}: ${answer.status} ${answer.body.toString()}`);
    }

    const now = Date.parse(plan.now);
    // Past rides are created in the future (the api refuses anything else) and dated back later;
    // far beyond the upcoming ones, so nobody mistakes one for the other meanwhile.
    const placeholderStart = now + 400 * 86_400_000;
    let done = 0;
    const started = performance.now();
    const rideIds = await inPool(plan.rides, concurrency, async (ride, index) => {
      const isPast = Date.parse(ride.date) <= now;
      const created = await client.json<{ id: number }>(
        'POST',
        '/api/rides',
        {
          direction: ride.direction,
          date: isPast ? new Date(placeholderStart + index * 60_000).toISOString() : ride.date,
          maxPassengers: ride.maxPassengers,
          pickupLocation: ride.pickupLocation,
          dropoffLocations: ride.dropoffLocations,
          organizerPassengerCount: ride.organizerPassengerCount,
          driverContactId: ride.driverContactId,
        },
        members[ride.organiser]!.cookie,
      );
      const rideId = created.body.id;
      for (const passenger of ride.passengers) {
        await client.json(
          'POST',
          `/api/rides/${rideId}/join`,
          { rideId, passengerCount: passenger.passengerCount, dropoffLocation: passenger.dropoffLocation },
          members[passenger.member]!.cookie,
        );
      }
      if (!isPast && ride.vendor !== null)
        await client.json('POST', `/api/rides/${rideId}/assign`, {}, vendors[ride.vendor]!.cookie);
      done += 1;
      if (done % 1000 === 0) {
        log(`  ${done} rides (with their passengers) in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
      return rideId;
    });
    return { memberIds: members.map((m) => m.id), vendorIds: vendors.map((v) => v.id), rideIds, vendorApproval };
  } finally {
    client.close();
  }
}

// ---------------------------------------------------------------------------------------------
// As the database owner

// The throttles' limits (private.throttle_limits) are raised for the seeding and put back
// exactly as they were afterwards; returns the saved rows, or null without the table.
async function raiseThrottles(tx: Queryable): Promise<string | null> {
  const [table] = await tx.query<{ name: string | null }>(
    `select to_regclass('private.throttle_limits')::text as name`,
  );
  if (!table?.name) return null;
  const [saved] = await tx.query<{ rows: string }>(
    `select coalesce(json_agg(t), '[]'::json)::text as rows from private.throttle_limits t`,
  );
  const columns = await tx.query<{ column_name: string }>(
    `select column_name::text from information_schema.columns
      where table_schema = 'private' and table_name = 'throttle_limits'
        and data_type in ('smallint', 'integer', 'bigint', 'numeric')
        and column_name ~ '(limit|max|allowed|count)'`,
  );
  if (columns.length === 0) throw new Error('private.throttle_limits has no limit column this fixture recognises');
  await tx.query(
    `update private.throttle_limits set ${columns.map(({ column_name }) => `"${column_name}" = ${RAISED_LIMIT}`).join(', ')}`,
  );
  return saved!.rows;
}

// Puts the limits back, and forgets what the seeding counted: thousands of rides and joins "in
// the last hour" are an artefact of building, not two years of history, and would refuse the
// screenshots' story (and any bench) its first ride or join.
async function restoreThrottles(tx: Queryable, saved: string | null): Promise<void> {
  if (saved === null) return;
  await tx.query('delete from private.throttle_limits');
  await tx.query(
    'insert into private.throttle_limits select * from json_populate_recordset(null::private.throttle_limits, $1::text::json)',
    [saved],
  );
  const [events] = await tx.query<{ name: string | null }>(
    `select to_regclass('private.throttle_events')::text as name`,
  );
  if (events?.name) await tx.query('delete from private.throttle_events');
}

// Each way of writing as the owner, tried in turn: as the plain owner first (a transaction that
// acts for no member, which is all the dating back should need), then with triggers off (a
// superuser's maintenance mode); a refusal of the first is reported in the fixture's warnings.
const OWNER_MODES = [
  { label: 'as the owner', setup: null },
  {
    label: 'with triggers off (session_replication_role = replica)',
    setup: 'set local session_replication_role = replica',
  },
] as const;

async function asOwner(
  db: Database,
  what: string,
  work: (tx: Queryable) => Promise<void>,
  warnings: string[],
  firstMode = 0,
): Promise<void> {
  const refusals: string[] = [];
  for (const mode of OWNER_MODES.slice(firstMode)) {
    try {
      await db.transaction(async (tx) => {
        if (mode.setup) await tx.query(mode.setup);
        await work(tx);
      });
      if (refusals.length > 0) warnings.push(`${what}: refused ${refusals.join('; then ')}; done ${mode.label}`);
      return;
    } catch (error) {
      refusals.push(`${mode.label} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  throw new Error(`${what} failed every way: ${refusals.join('; ')}`);
}

async function dateBack(db: Database, plan: CommunityPlan, seeded: Seeded, warnings: string[]): Promise<void> {
  const now = Date.parse(plan.now);
  const joins = plan.rides.flatMap((ride, index) =>
    ride.passengers.map((p) => ({
      ride_id: seeded.rideIds[index],
      user_id: seeded.memberIds[p.member],
      created_at: p.joinedAt,
    })),
  );
  const rides = plan.rides.map((ride, index) => ({
    id: seeded.rideIds[index],
    date: ride.date,
    created_at: ride.createdAt,
    // Past rides keep their vendor as the record of who drove; written here because a vendor may
    // hold only 10 upcoming rides through the api.
    vendor_id: Date.parse(ride.date) <= now && ride.vendor !== null ? seeded.vendorIds[ride.vendor] : null,
  }));
  // Members joined over the first months of the two years.
  const users = [...seeded.memberIds, ...seeded.vendorIds].map((id, index) => ({
    id,
    created_at: new Date(now - 730 * 86_400_000 + index * 5 * 86_400_000).toISOString(),
  }));

  // Passengers first: their rides are still upcoming, so nothing guarding past rides objects.
  await asOwner(
    db,
    'Dating the joins back',
    async (tx) => {
      await tx.query(
        `update public.ride_passengers p set created_at = v.created_at
           from json_to_recordset($1::text::json) as v(ride_id integer, user_id integer, created_at timestamptz)
          where p.ride_id = v.ride_id and p.user_id = v.user_id`,
        [JSON.stringify(joins)],
      );
    },
    warnings,
  );
  await asOwner(
    db,
    'Dating the rides back (future to past)',
    async (tx) => {
      await tx.query(
        `update public.rides r
            set date = v.date, created_at = v.created_at,
                vendor_id = coalesce(v.vendor_id, r.vendor_id),
                status = case when v.vendor_id is null then r.status else 'assigned' end
           from json_to_recordset($1::text::json) as v(id integer, date timestamptz, created_at timestamptz, vendor_id integer)
          where r.id = v.id`,
        [JSON.stringify(rides)],
      );
    },
    warnings,
  );
  await asOwner(
    db,
    'Dating the members back',
    async (tx) => {
      await tx.query(
        `update public.users u set created_at = v.created_at
           from json_to_recordset($1::text::json) as v(id integer, created_at timestamptz)
          where u.id = v.id`,
        [JSON.stringify(users)],
      );
    },
    warnings,
  );
}

// Moves every date of the fixture forward by the time since it was built. Triggers are off for
// this: it changes no ride relative to now, so no rule about past rides applies, and a fresh
// host process has nothing cached to invalidate.
async function shiftForward(db: Database, builtAt: string): Promise<number> {
  const seconds = Math.max(0, Math.floor((Date.now() - Date.parse(builtAt)) / 1000));
  if (seconds === 0) return 0;
  const warnings: string[] = [];
  await asOwner(
    db,
    'Moving the fixture to now',
    async (tx) => {
      const by = `make_interval(secs => ${seconds})`;
      await tx.query(`update public.rides set date = date + ${by}, created_at = created_at + ${by}`);
      await tx.query(`update public.ride_passengers set created_at = created_at + ${by}`);
      await tx.query(`update public.users set created_at = created_at + ${by}`);
    },
    warnings,
    1,
  );
  return seconds;
}

async function finishOwnerSteps(
  db: Database,
  plan: CommunityPlan,
  seeded: Seeded,
  savedThrottles: string | null,
  warnings: string[],
) {
  await dateBack(db, plan, seeded, warnings);
  await db.transaction((tx) => restoreThrottles(tx, savedThrottles));
}

function metaOf(
  key: string,
  plan: CommunityPlan,
  seeded: Seeded,
  saved: string | null,
  started: number,
  warnings: string[],
): FixtureMeta {
  return {
    key,
    builtAt: plan.now,
    buildSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    counts: countPlan(plan),
    vendorApproval: seeded.vendorApproval,
    throttles: saved === null ? 'no private.throttle_limits table' : 'raised while seeding, then restored',
    warnings,
  };
}

// ---------------------------------------------------------------------------------------------
// Embedded PGlite: a cached data directory

async function buildPglite(key: string, target: string, log: Log): Promise<void> {
  const started = performance.now();
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    const plan = planCommunity(Date.now());
    let db = await openPglite(partial);
    let saved: string | null;
    try {
      await migrate(db);
      saved = await db.transaction(raiseThrottles);
    } finally {
      await db.close();
    }
    const host = await startHost({ env: { DATA_DIR: partial } });
    let seeded: Seeded;
    try {
      seeded = await seedThroughApi(host.url, plan, 8, log);
    } finally {
      await host.stop('SIGTERM', 60_000);
    }
    const warnings: string[] = [];
    db = await openPglite(partial);
    try {
      await finishOwnerSteps(db, plan, seeded, saved, warnings);
    } finally {
      await db.close();
    }
    writeFileSync(
      join(partial, 'meta.json'),
      JSON.stringify(metaOf(key, plan, seeded, saved, started, warnings), null, 2),
    );
    // Another run may have finished the same build meanwhile; theirs is as good as ours.
    if (existsSync(target)) rmSync(partial, { recursive: true, force: true });
    else renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

function removeStaleCaches(prefix: string, keep: string): void {
  if (!existsSync(CACHE_ROOT)) return;
  for (const entry of readdirSync(CACHE_ROOT)) {
    if (entry.startsWith(prefix) && entry !== keep && !entry.includes('.partial-')) {
      rmSync(join(CACHE_ROOT, entry), { recursive: true, force: true });
    }
  }
}

// Puts the fixture into `dataDir` (a host's DATA_DIR, not in use), building it first if the
// cache has none for the current schema.
export async function preparePgliteFixture(dataDir: string, log: Log = console.log): Promise<PreparedFixture> {
  const key = fixtureKey();
  const cached = join(CACHE_ROOT, `pglite-${key}`);
  let built = false;
  if (!existsSync(join(cached, 'meta.json'))) {
    log(`Building the community fixture on PGlite (cache ${cached}) ...`);
    mkdirSync(CACHE_ROOT, { recursive: true });
    removeStaleCaches('pglite-', `pglite-${key}`);
    await buildPglite(key, cached, log);
    built = true;
  }
  const meta = JSON.parse(readFileSync(join(cached, 'meta.json'), 'utf8')) as FixtureMeta;
  if (built) log(`  built in ${meta.buildSeconds} s`);
  const started = performance.now();
  cpSync(join(cached, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  const db = await openPglite(dataDir);
  let shiftedBySeconds: number;
  try {
    shiftedBySeconds = await shiftForward(db, meta.builtAt);
    // As a host that has run a while has it (ADR 0032): statistics, no dead rows from the shift.
    await keepUpOnce(db);
  } finally {
    await db.close();
  }
  return { meta, built, restoreSeconds: Number(((performance.now() - started) / 1000).toFixed(1)), shiftedBySeconds };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a cached template database on the server

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function buildPostgres(serverUrl: string, key: string, template: string, log: Log): Promise<FixtureMeta> {
  const started = performance.now();
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const partial = `${template}_p${process.pid}`;
  try {
    await admin.unsafe(`drop database if exists ${partial} with (force)`);
    await admin.unsafe(`create database ${partial}`);
    const plan = planCommunity(Date.now());
    const db = connectPostgres(databaseUrl(serverUrl, partial), { max: 2 });
    let meta: FixtureMeta;
    try {
      await migrate(db);
      const saved = await db.transaction(raiseThrottles);
      const host = await startHost({ env: { DATABASE_URL: databaseUrl(serverUrl, partial) } });
      let seeded: Seeded;
      try {
        seeded = await seedThroughApi(host.url, plan, 16, log);
      } finally {
        await host.stop('SIGTERM', 60_000);
      }
      const warnings: string[] = [];
      await finishOwnerSteps(db, plan, seeded, saved, warnings);
      meta = metaOf(key, plan, seeded, saved, started, warnings);
    } finally {
      await db.close();
    }
    const [existing] = await admin`select 1 from pg_database where datname = ${template}`;
    if (existing) {
      await admin.unsafe(`drop database ${partial} with (force)`);
    } else {
      await admin.unsafe(`alter database ${partial} rename to ${template}`);
      await admin.unsafe(`comment on database ${template} is ${quoteLiteral(JSON.stringify(meta))}`);
    }
    return meta;
  } catch (error) {
    await admin.unsafe(`drop database if exists ${partial} with (force)`).catch(() => {});
    throw error;
  } finally {
    await admin.end();
  }
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export interface PostgresFixture extends PreparedFixture {
  url: string;
  drop(): Promise<void>;
}

// A new database on the server at `serverUrl` holding the fixture; drop() removes it.
export async function preparePostgresFixture(serverUrl: string, log: Log = console.log): Promise<PostgresFixture> {
  const key = fixtureKey();
  const template = `fc_fixture_${key}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin<{ meta: string | null }[]>`
      select shobj_description(oid, 'pg_database') as meta from pg_database where datname = ${template}`;
    let built = false;
    let meta: FixtureMeta;
    if (found?.meta) {
      meta = JSON.parse(found.meta) as FixtureMeta;
    } else {
      log(`Building the community fixture on PostgreSQL (template database ${template}) ...`);
      const stale = await admin<{ datname: string }[]>`
        select datname from pg_database where datname like 'fc\\_fixture\\_%' and datname <> ${template} and datname !~ '_p[0-9]+$'`;
      for (const { datname } of stale) await admin.unsafe(`drop database if exists ${datname} with (force)`);
      meta = await buildPostgres(serverUrl, key, template, log);
      built = true;
      log(`  built in ${meta.buildSeconds} s`);
    }
    const started = performance.now();
    const name = `fc_bench_${Date.now().toString(36)}_${process.pid}`;
    await admin.unsafe(`create database ${name} template ${template}`);
    const url = databaseUrl(serverUrl, name);
    const db = connectPostgres(url, { max: 1 });
    let shiftedBySeconds: number;
    try {
      shiftedBySeconds = await shiftForward(db, meta.builtAt);
    } finally {
      await db.close();
    }
    return {
      meta,
      built,
      restoreSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      shiftedBySeconds,
      url,
      async drop() {
        const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
        try {
          await dropper.unsafe(`drop database if exists ${name} with (force)`);
        } finally {
          await dropper.end();
        }
      },
    };
  } finally {
    await admin.end();
  }
}
