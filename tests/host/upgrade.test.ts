// Upgrading from the previous release (issue 26 §3): the host of the newest v* tag before HEAD
// (tests/support/previous-release.ts) makes a community's worth of data through its own api (no
// request of today's shape), stops; this checkout's host starts on the same DATA_DIR, and
// separately on the same PostgreSQL database. Every row of every table is still there (new
// columns, tables and rows allowed), the members' old sessions and known devices still work,
// their settings (language, push, the border checklist) read back the same, and /api/health
// names the newest migration.
// Tagging a release makes it, from the next commit on, the one upgraded from: the data set below
// is then rewritten in that release's requests and made to fill its new tables too
// (expectEveryTableFilled names the ones left empty).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MIGRATIONS_DIR } from '../../server/migrate.ts';
import { openPglite } from '../../server/pglite-database.ts';
import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { createEmptyPostgresDatabase } from '../support/empty-postgres-database.ts';
import { killAllHosts, type RunningHost, startHost } from '../support/host-process.ts';
import { postgresServerUrl } from '../support/postgres-server.ts';
import { checkOutPreviousRelease, type PreviousRelease } from '../support/previous-release.ts';
import { newSubscriber, type PushReceiver, startPushReceiver, waitUntil } from '../support/push-receiver.ts';

// Minutes on a loaded 2-core machine: three host starts, one from nothing, and bcrypt for every account.
const TEST_MS = 420_000;
const PASSWORD = 'upgrade-pass-phrase-1';
const NEW_PASSWORD = 'upgrade-pass-phrase-2';

const newestMigration = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .at(-1)!
  .split('_')[0]!;

let release: PreviousRelease;
let receiver: PushReceiver;
const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `fc-upgrade-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  release = checkOutPreviousRelease();
  receiver = await startPushReceiver(tempDir('push'));
});

afterAll(async () => {
  await killAllHosts();
  await receiver?.close();
  release?.remove();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

// One browser: every cookie the host sets (the session, the known device), sent back to
// whichever host it talks to now.
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(public base: string) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await fetch(new URL(path, this.base), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (!value || /Max-Age=0/i.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async expect(status: number, method: string, path: string, body?: unknown): Promise<any> {
    const answer = await this.call(method, path, body);
    if (answer.status !== status) {
      throw new Error(`${method} ${path}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  }

  get = (path: string) => this.expect(200, 'GET', path);
}

function daysAhead(days: number, hour = 9): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

interface Member {
  name: string;
  id: number;
  browser: Browser;
}

// The requests are the previous release's (v0.3.0's schemas), written out here: today's helpers
// may send what it never knew.
async function register(base: string, name: string, extra: Record<string, unknown> = {}): Promise<Member> {
  const browser = new Browser(base);
  const user = await browser.expect(201, 'POST', '/api/register', {
    discordUsername: name,
    password: PASSWORD,
    name: `${name[0]!.toUpperCase()}${name.slice(1)} Tan`,
    whatsappNumber: '+65 9123 4567',
    ...extra,
  });
  return { name, id: user.id, browser };
}

interface DataSet {
  members: Record<'admin' | 'aisha' | 'bala' | 'chen' | 'dina' | 'vik' | 'eve' | 'farid', Member>;
  // Bala's second device: a session and a known device of its own.
  balaPhone: Browser;
  rides: { outbound: number; back: number };
  endpoints: { aisha: string; chen: string };
  // The one-time code the admin gave Eve, not used yet.
  resetCode: string;
  // What the old host answered, to read back from the new one.
  before: Awaited<ReturnType<typeof readBack>>;
}

async function writeDataSet(base: string): Promise<DataSet> {
  const admin = await register(base, 'admin');
  const aisha = await register(base, `aisha${Date.now().toString(36)}`, {
    malaysianNumber: '+60 12 345 6789',
    revolutUsername: 'aishatan',
  });
  const bala = await register(base, `bala${Date.now().toString(36)}`);
  const chen = await register(base, `chen${Date.now().toString(36)}`);
  const dina = await register(base, `dina${Date.now().toString(36)}`);
  const eve = await register(base, `eve${Date.now().toString(36)}`);
  const farid = await register(base, `farid${Date.now().toString(36)}`);
  const vik = await register(base, `vik${Date.now().toString(36)}`, {
    isVendor: true,
    companyName: 'Causeway Cars Sdn Bhd',
    driverDetails: { name: 'Vikram', contact: '+60 11 2233 4455', carNumber: 'JQB 8821' },
  });

  // Profiles: languages and numbers.
  await aisha.browser.expect(200, 'PATCH', `/api/users/${aisha.id}`, { language: 'ms' });
  await chen.browser.expect(200, 'PATCH', `/api/users/${chen.id}`, { language: 'zh', name: 'Chen Wei' });

  // The admin: a vendor approved, a checklist item in three languages.
  await admin.browser.expect(200, 'POST', `/api/admin/vendors/${vik.id}/approve`, {
    licenceNote: 'LTA licence seen, expires 2027',
  });
  await admin.browser.expect(201, 'POST', '/api/admin/border-checklist', {
    position: 5,
    title: 'Touch n Go card topped up',
    details: 'The Forest City bus takes no cash.',
    linkUrl: 'https://www.touchngo.com.my/',
    linkLabel: 'Touch n Go',
    directions: ['SG->FC'],
    translations: { zh: { title: '充值 Touch n Go 卡' }, ms: { title: 'Tambah nilai kad Touch n Go' } },
  });

  // Web Push: the server's keys, and two devices subscribed.
  await aisha.browser.get('/api/push/key');
  const endpoints = {
    aisha: receiver.endpoint('ok', `aisha-${Date.now()}`),
    chen: receiver.endpoint('ok', `chen-${Date.now()}`),
  };
  const subscriber = newSubscriber();
  const keys = { p256dh: subscriber.p256dh, auth: subscriber.auth };
  await aisha.browser.expect(201, 'POST', '/api/push/subscriptions', {
    endpoint: endpoints.aisha,
    keys,
    kinds: ['passenger_joined', 'passenger_left'],
  });
  await chen.browser.expect(201, 'POST', '/api/push/subscriptions', {
    endpoint: endpoints.chen,
    keys,
    kinds: ['payment_reminder', 'ride_deleted'],
  });

  // A full ride with a waitlist, its way back, and one ride deleted.
  const outbound = await aisha.browser.expect(201, 'POST', '/api/rides', {
    direction: 'SG->FC',
    date: daysAhead(3),
    maxPassengers: 4,
    pickupLocation: 'Pasir Ris MRT',
    dropoffLocations: [{ location: 'Forest City Phase 1', passengerCount: 1 }],
    organizerPassengerCount: 1,
    cost: 140,
  });
  const balaSeat = await bala.browser.expect(201, 'POST', `/api/rides/${outbound.id}/join`, {
    passengerCount: 2,
    dropoffLocation: 'Forest City Phase 2',
  });
  await chen.browser.expect(201, 'POST', `/api/rides/${outbound.id}/join`, {
    passengerCount: 1,
    dropoffLocation: 'Forest City Golf Resort',
  });
  await dina.browser.expect(201, 'POST', `/api/rides/${outbound.id}/waitlist`, {
    passengerCount: 1,
    dropoffLocation: 'Forest City Phase 1',
  });
  await vik.browser.expect(200, 'POST', `/api/rides/${outbound.id}/assign`);
  await bala.browser.expect(200, 'POST', `/api/rides/${outbound.id}/payment/claim`, { claimed: true });
  await aisha.browser.expect(200, 'POST', `/api/rides/${outbound.id}/passengers/${balaSeat.passengerId}/payment`, {
    paid: true,
  });
  await aisha.browser.expect(200, 'POST', `/api/rides/${outbound.id}/payment/remind`);

  const backRide = {
    direction: 'FC->SG',
    date: daysAhead(5, 10),
    maxPassengers: 5,
    pickupLocation: 'Forest City Phase 1',
    dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
    organizerPassengerCount: 1,
  };
  const back = await aisha.browser.expect(201, 'POST', '/api/rides', { ...backRide, returnOf: outbound.id });
  const faridSeat = await farid.browser.expect(201, 'POST', `/api/rides/${back.id}/join`, {
    passengerCount: 1,
    dropoffLocation: 'Bedok Mall',
  });
  await farid.browser.expect(200, 'DELETE', `/api/rides/${back.id}/passengers/${faridSeat.passengerId}`);
  await dina.browser.expect(201, 'POST', `/api/rides/${back.id}/join`, {
    passengerCount: 1,
    dropoffLocation: 'Bedok Mall',
  });
  const balaBack = await bala.browser.expect(201, 'POST', `/api/rides/${back.id}/join`, {
    passengerCount: 2,
    dropoffLocation: 'Tampines Mall',
  });
  await aisha.browser.expect(200, 'PATCH', `/api/rides/${back.id}`, { ...backRide, date: daysAhead(5, 11) });
  // The drop-off order (Forest City to Singapore only): Bala first, then locked.
  await aisha.browser.expect(200, 'PATCH', `/api/rides/${back.id}/passengers/${balaBack.passengerId}/sequence`, {
    sequence: 1,
  });
  await aisha.browser.expect(200, 'POST', `/api/rides/${back.id}/lockSequence`);

  const cancelled = await bala.browser.expect(201, 'POST', '/api/rides', {
    direction: 'SG->FC',
    date: daysAhead(4),
    maxPassengers: 3,
    pickupLocation: 'Woodlands MRT',
    dropoffLocations: [{ location: 'Forest City Phase 2', passengerCount: 1 }],
    organizerPassengerCount: 1,
  });
  await chen.browser.expect(201, 'POST', `/api/rides/${cancelled.id}/join`, {
    passengerCount: 1,
    dropoffLocation: 'Forest City Phase 2',
  });
  await bala.browser.expect(200, 'DELETE', `/api/rides/${cancelled.id}`);

  // The inbox: some read, some not.
  await chen.browser.expect(200, 'POST', '/api/notifications/read', { all: true });
  const balaInbox = await bala.browser.get('/api/notifications');
  expect(balaInbox.items.length).toBeGreaterThan(0);
  await bala.browser.expect(200, 'POST', '/api/notifications/read', { ids: [balaInbox.items.at(-1).id] });

  // Accounts: a second device, a changed password, a failed login, a reset asked for and a code
  // handed out.
  const balaPhone = new Browser(base);
  await balaPhone.expect(200, 'POST', '/api/login', { discordUsername: bala.name, password: PASSWORD });
  await farid.browser.expect(200, 'POST', '/api/reset-password', {
    currentPassword: PASSWORD,
    newPassword: NEW_PASSWORD,
  });
  expect(
    (await new Browser(base).call('POST', '/api/login', { discordUsername: eve.name, password: 'wrong' })).status,
  ).toBe(401);
  await new Browser(base).expect(200, 'POST', '/api/request-password-reset', { discordUsername: eve.name });
  const { code: resetCode } = await admin.browser.expect(201, 'POST', '/api/admin/password-reset-codes', {
    discordUsername: eve.name,
  });

  const members = { admin, aisha, bala, chen, dina, vik, eve, farid };
  const rides = { outbound: outbound.id as number, back: back.id as number };
  // Every push queued is sent before the host stops (the outbox is checked empty below): the
  // receiver has heard from both devices and then nothing more for a second.
  let heard = -1;
  let quietSince = Date.now();
  await waitUntil(
    () => {
      const paths = new Set(receiver.received.map((push) => push.path));
      if (receiver.received.length !== heard) [heard, quietSince] = [receiver.received.length, Date.now()];
      const both = [endpoints.aisha, endpoints.chen].every((endpoint) => paths.has(new URL(endpoint).pathname));
      return both && Date.now() - quietSince > 1_000 ? true : undefined;
    },
    30_000,
    'the pushes to both devices',
  );
  return { members, balaPhone, rides, endpoints, resetCode, before: await readBack({ members, rides, endpoints }) };
}

// What the members see of their data and settings, as the app reads it; the same on either
// side of the upgrade.
async function readBack({ members, rides, endpoints }: Pick<DataSet, 'members' | 'rides' | 'endpoints'>) {
  const { aisha, chen, dina, admin, vik } = members;
  const me = async (member: Member) => {
    const user = await member.browser.get('/api/auth/me');
    return {
      id: user.id,
      discordUsername: user.discordUsername,
      name: user.name,
      whatsappNumber: user.whatsappNumber,
      malaysianNumber: user.malaysianNumber,
      language: user.language,
      isAdmin: user.isAdmin,
      isVendor: user.isVendor,
    };
  };
  const ride = async (id: number) => {
    const read = await aisha.browser.get(`/api/rides/${id}`);
    return {
      direction: read.direction,
      date: read.date,
      currentPassengers: read.currentPassengers,
      maxPassengers: read.maxPassengers,
      returnOf: read.returnOf ?? null,
      sequenceLocked: read.sequenceLocked,
    };
  };
  const passengers = async (id: number) =>
    (await aisha.browser.get(`/api/rides/${id}/passengers`)).map((p: any) => ({
      userId: p.userId,
      passengerCount: p.passengerCount,
      dropoffLocation: p.dropoffLocation,
      dropoffSequence: p.dropoffSequence,
      paymentStatus: p.paymentStatus,
    }));
  const inbox = async (member: Member) => {
    const list = await member.browser.get('/api/notifications?limit=50');
    return { unread: list.unread, kinds: list.items.map((item: any) => item.kind) };
  };
  const push = async (member: Member, endpoint: string) =>
    member.browser.get(`/api/push/subscriptions/current?endpoint=${encodeURIComponent(endpoint)}`);
  return {
    profiles: await Promise.all(Object.values(members).map(me)),
    rides: { outbound: await ride(rides.outbound), back: await ride(rides.back) },
    passengers: { outbound: await passengers(rides.outbound), back: await passengers(rides.back) },
    waitlist: {
      dina: (await dina.browser.get(`/api/rides/${rides.outbound}/waitlist`)).mine,
      organiser: (await aisha.browser.get(`/api/rides/${rides.outbound}/waitlist`)).entries,
    },
    vendor: (await vik.browser.get('/api/vendor/rides')).map((r: any) => r.id),
    inboxes: { aisha: await inbox(aisha), chen: await inbox(chen), dina: await inbox(dina) },
    push: { aisha: await push(aisha, endpoints.aisha), chen: await push(chen, endpoints.chen) },
    checklist: (await admin.browser.get('/api/border-checklist')).map((item: any) => ({
      title: item.title,
      translations: item.translations,
      directions: item.directions,
    })),
  };
}

// Every table's rows as JSON, by table: permanent tables of every schema but Postgres's own
// (the unlogged private.request_callers names transactions of a process, never data).
type Snapshot = Map<string, string[]>;
type Query = (text: string) => Promise<Array<{ r: string }>>;

async function snapshot(query: Query): Promise<Snapshot> {
  const tables = await query(
    `select format('%I.%I', n.nspname, c.relname) as r
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and c.relpersistence = 'p'
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1`,
  );
  const found: Snapshot = new Map();
  for (const { r: table } of tables) {
    found.set(
      table,
      (await query(`select row_to_json(t)::text as r from ${table} t`)).map(({ r }) => r),
    );
  }
  return found;
}

async function pgliteSnapshot(dataDir: string): Promise<Snapshot> {
  return withPglite(dataDir, (query) => snapshot(query));
}

async function withPglite<T>(dataDir: string, work: (query: Query) => Promise<T>): Promise<T> {
  const database = await openPglite(dataDir);
  try {
    return await database.transaction((tx) => work((text) => tx.query<{ r: string }>(text)));
  } finally {
    await database.close();
  }
}

async function postgresSnapshot(url: string): Promise<Snapshot> {
  return withPostgres(url, (query) => snapshot(query));
}

async function withPostgres<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await work((text) => sql.unsafe<Array<{ r: string }>>(text));
  } finally {
    await sql.end();
  }
}

// Tables whose existing rows a migration since the previous release rewrites on purpose, with
// the migration and why: there only the number of rows must not fall. Empty is the rule.
const REWRITTEN_ON_PURPOSE: Record<string, string> = {};

// Columns a migration since the previous release renamed, old name to new, with the migration:
// their values must be under the new name. Empty is the rule here too.
const RENAMED_COLUMNS: Record<string, Record<string, string>> = {
  // 20261210100000_organiser_one_word: one word for the member who opens a ride (ADR 0046).
  'public.rides': { creator_id: 'organiser_id', organizer_passenger_count: 'organiser_passenger_count' },
  'public.ride_series': { creator_id: 'organiser_id' },
};

const columnNow = (table: string, column: string) => RENAMED_COLUMNS[table]?.[column] ?? column;

// Each row of `before` must be in `after` with the same values in the columns it had (an
// upgrade may add columns, tables and rows, never lose or change what was there).
function lostRows(before: Snapshot, after: Snapshot): string[] {
  const lost: string[] = [];
  for (const [table, rows] of before) {
    const now = after.get(table);
    if (!now) {
      lost.push(`${table}: the table is gone (${rows.length} rows)`);
      continue;
    }
    if (rows.length === 0) continue;
    if (REWRITTEN_ON_PURPOSE[table]) {
      if (now.length < rows.length) lost.push(`${table}: ${rows.length} rows before, ${now.length} after`);
      continue;
    }
    const columns = Object.keys(JSON.parse(rows[0]!));
    const remaining = new Map<string, number>();
    for (const row of now) {
      const parsed = JSON.parse(row);
      const gone = columns.filter((column) => !(columnNow(table, column) in parsed));
      if (gone.length > 0) {
        lost.push(`${table}: columns ${gone.join(', ')} are gone`);
        break;
      }
      const key = JSON.stringify(columns.map((column) => parsed[columnNow(table, column)]));
      remaining.set(key, (remaining.get(key) ?? 0) + 1);
    }
    for (const row of rows) {
      const parsed = JSON.parse(row);
      const key = JSON.stringify(columns.map((column) => parsed[column]));
      const left = remaining.get(key) ?? 0;
      if (left === 0) lost.push(`${table}: ${row}`);
      else remaining.set(key, left - 1);
    }
  }
  return lost;
}

// The old release's data is a fair test only if it reaches every table its api can fill: all but
// the push outbox, empty once every push went out.
function expectEveryTableFilled(before: Snapshot) {
  const empty = [...before].filter(([, rows]) => rows.length === 0).map(([table]) => table);
  expect(empty).toEqual(['private.push_outbox']);
}

// Two failed logins lock a username for unknown devices (rather than a hundred from 21 addresses).
const LOCK_NAME_SQL = `update private.throttle_limits set max_count = 2 where name = 'login:name'`;

// The new host on the upgraded database: health names the newest migration; the members' old
// sessions, devices and settings still work; and it takes new writes.
async function checkUpgradedHost(host: RunningHost, data: DataSet) {
  const health = await new Browser(host.url).get('/api/health');
  expect(health).toMatchObject({ status: 'ok', database: 'ok', migration: newestMigration });
  for (const member of Object.values(data.members)) member.browser.base = host.url;
  data.balaPhone.base = host.url;

  expect(await readBack(data)).toEqual(data.before);
  const balaOnPhone = await data.balaPhone.get('/api/auth/me');
  expect(balaOnPhone.id).toBe(data.members.bala.id);

  // Credentials: the changed password is the one that works.
  const farid = new Browser(host.url);
  expect(
    (await farid.call('POST', '/api/login', { discordUsername: data.members.farid.name, password: PASSWORD })).status,
  ).toBe(401);
  await farid.expect(200, 'POST', '/api/login', { discordUsername: data.members.farid.name, password: NEW_PASSWORD });

  // The reset code the admin handed out before the upgrade still works, once.
  const eve = new Browser(host.url);
  await eve.expect(200, 'POST', '/api/complete-password-reset', {
    discordUsername: data.members.eve.name,
    code: data.resetCode,
    newPassword: NEW_PASSWORD,
  });
  await eve.expect(200, 'POST', '/api/login', { discordUsername: data.members.eve.name, password: NEW_PASSWORD });

  // Known devices: with Bala's name locked by failed logins from elsewhere (its limit lowered to
  // two by the caller, LOCK_NAME_SQL), a browser that never logged in is refused; the phone that
  // did, with its device cookie from the old release, is let in.
  const stranger = new Browser(host.url);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await stranger.call('POST', '/api/login', { discordUsername: data.members.bala.name, password: 'not-it' });
  }
  const refused = await new Browser(host.url).call('POST', '/api/login', {
    discordUsername: data.members.bala.name,
    password: PASSWORD,
  });
  expect(refused.status).toBe(429);
  const phoneDevice = new Browser(host.url);
  phoneDevice.cookies.set('fc_device', data.balaPhone.cookies.get('fc_device')!);
  await phoneDevice.expect(200, 'POST', '/api/login', { discordUsername: data.members.bala.name, password: PASSWORD });

  // New writes: the waitlisted member leaves, a new member joins the way back.
  await data.members.dina.browser.expect(200, 'DELETE', `/api/rides/${data.rides.outbound}/waitlist`);
  // This version's registration also needs the privacy notice and community rules accepted.
  const newcomer = await register(host.url, `new${Date.now().toString(36)}`, { acceptedPolicies: CURRENT_POLICIES });
  await newcomer.browser.expect(201, 'POST', `/api/rides/${data.rides.back}/join`, {
    passengerCount: 1,
    dropoffLocation: 'Tampines Mall',
  });
  expect((await newcomer.browser.get(`/api/rides/${data.rides.back}`)).currentPassengers).toBe(
    data.before.rides.back.currentPassengers + 1,
  );
}

function expectSurvived(before: Snapshot, after: Snapshot) {
  // A row listed here was lost or changed by the upgrade; if a new migration rewrites rows on
  // purpose, say so in REWRITTEN_ON_PURPOSE.
  expect(lostRows(before, after)).toEqual([]);
  const migrations = after.get('supabase_migrations.schema_migrations')!.map((row) => JSON.parse(row).version);
  expect(migrations).toContain(newestMigration);
  const rows = [...before.values()].reduce((sum, table) => sum + table.length, 0);
  console.log(`upgrade ${release.tag} -> HEAD: ${before.size} tables, ${rows} rows kept`);
}

function oldHostEnv(extra: Record<string, string>) {
  return {
    NODE_EXTRA_CA_CERTS: receiver.certFile,
    PUSH_ALLOW_LOOPBACK: '1',
    // The data set stays within the real limits; scaled ones would be rewritten at every start.
    THROTTLE_LIMITS_SCALE: undefined,
    ...extra,
  };
}

function expectAppliedTheNewMigrations(host: RunningHost) {
  const newer = readdirSync(MIGRATIONS_DIR).filter(
    (file) => file.endsWith('.sql') && file.split('_')[0]! > release.migrations.at(-1)!,
  );
  expect(host.output()).toContain(`Applied ${newer.length} migration(s).`);
}

// Where the time goes, printed as one line per backend.
function stopwatch(label: string) {
  const started = performance.now();
  let last = started;
  const laps: string[] = [];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return {
    lap(what: string) {
      const now = performance.now();
      laps.push(`${what} ${seconds(now - last)}`);
      last = now;
    },
    print: () => console.log(`${label}: ${seconds(performance.now() - started)} (${laps.join(', ')})`),
  };
}

describe('upgrading from the previous release', () => {
  it(
    'on the embedded database: the same DATA_DIR keeps every row, session, device and setting',
    async () => {
      const time = stopwatch('upgrade on PGlite');
      const dataDir = join(tempDir('pglite'), 'data');
      const old = await startHost({ cwd: release.dir, env: oldHostEnv({ DATA_DIR: dataDir }) });
      time.lap(`${release.tag} start`);
      const data = await writeDataSet(old.url);
      time.lap('data set');
      expect((await old.stop('SIGTERM')).code).toBe(0);
      const before = await pgliteSnapshot(dataDir);
      expectEveryTableFilled(before);
      time.lap('stop and read');

      // First start: the migrations and a health check only, so nothing but the upgrade wrote.
      const upgraded = await startHost({ env: oldHostEnv({ DATA_DIR: dataDir }) });
      expectAppliedTheNewMigrations(upgraded);
      expect((await new Browser(upgraded.url).get('/api/health')).migration).toBe(newestMigration);
      expect((await upgraded.stop('SIGTERM')).code).toBe(0);
      time.lap('upgrade');
      const after = await withPglite(dataDir, async (query) => {
        const read = await snapshot(query);
        await query(LOCK_NAME_SQL);
        return read;
      });
      expectSurvived(before, after);
      time.lap('read and compare');

      const host = await startHost({ env: oldHostEnv({ DATA_DIR: dataDir }) });
      await checkUpgradedHost(host, data);
      expect((await host.stop('SIGTERM')).code).toBe(0);
      time.lap('restart and use');
      time.print();
    },
    TEST_MS,
  );

  const serverUrl = postgresServerUrl('the upgrade test on PostgreSQL');
  it.skipIf(!serverUrl)(
    'on PostgreSQL: the same database keeps every row, session, device and setting',
    async () => {
      const time = stopwatch('upgrade on PostgreSQL');
      const database = await createEmptyPostgresDatabase(serverUrl!, 'fc_upgrade');
      try {
        const env = oldHostEnv({ DATABASE_URL: database.url });
        const old = await startHost({ cwd: release.dir, env });
        time.lap(`${release.tag} start`);
        const data = await writeDataSet(old.url);
        time.lap('data set');
        expect((await old.stop('SIGTERM')).code).toBe(0);
        const before = await postgresSnapshot(database.url);
        expectEveryTableFilled(before);
        time.lap('stop and read');

        const host = await startHost({ env });
        expectAppliedTheNewMigrations(host);
        expect((await new Browser(host.url).get('/api/health')).migration).toBe(newestMigration);
        time.lap('upgrade');
        expectSurvived(before, await postgresSnapshot(database.url));
        await withPostgres(database.url, (query) => query(LOCK_NAME_SQL));
        time.lap('read and compare');
        await checkUpgradedHost(host, data);
        expect((await host.stop('SIGTERM')).code).toBe(0);
        time.lap('use');
      } finally {
        await killAllHosts();
        await database.drop();
      }
      time.print();
    },
    TEST_MS,
  );
});
