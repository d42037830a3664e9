// Nothing rebuilt that has not changed (docs/decisions/0009-windowed-ride-lists.md): strong
// ETags and 304s on every JSON GET, list bodies cached per data version (JSON, gzip, ETag) and
// dropped by any write to the data they show, whoever makes it; the Node host's compression
// does not compress them twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { readConfig } from '../../server/config.ts';
import { createHostApp } from '../../server/host-app.ts';
import { ifNoneMatchMatches, parseIfNoneMatch } from '../../supabase/functions/api/lib/etag.ts';
import {
  acceptsGzip,
  LIST_CACHE_MAX_ENTRIES,
  LIST_CACHE_TTL_MS,
  ListCache,
  listCacheFor,
  newEntry,
} from '../../supabase/functions/api/lib/list-cache.ts';
import { connectPostgres } from '../../supabase/functions/api/lib/postgres-database.ts';
import { createRide, type Member, registerMember, type TestApp, type TestClient } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

const STRONG_ETAG = /^"[A-Za-z0-9_-]{43}(-gzip)?"$/;

// A raw answer: the bytes as sent (no decompression), and the headers.
async function raw(
  app: { request: TestApp['request'] },
  path: string,
  {
    client,
    headers = {},
    method = 'GET',
    body,
  }: { client?: TestClient; headers?: Record<string, string>; method?: string; body?: unknown } = {},
) {
  const all: Record<string, string> = { ...headers };
  if (client?.cookie) all.cookie = client.cookie;
  if (body !== undefined) all['content-type'] = 'application/json';
  const response = await app.request(path, {
    method,
    headers: all,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

describe('If-None-Match parsing (RFC 9110 weak comparison)', () => {
  it('reads lists, W/ and *, and matches nothing it cannot read', () => {
    expect(parseIfNoneMatch('"a", W/"b" ,"c"')).toEqual(['"a"', '"b"', '"c"']);
    expect(parseIfNoneMatch(' * ')).toBe('*');
    expect(parseIfNoneMatch('"a" "b"')).toEqual([]);
    expect(parseIfNoneMatch('a')).toEqual([]);
    expect(ifNoneMatchMatches('W/"x"', '"x"')).toBe(true);
    expect(ifNoneMatchMatches('"x"', 'W/"x"')).toBe(true);
    expect(ifNoneMatchMatches('"y", "x"', '"x"')).toBe(true);
    expect(ifNoneMatchMatches('"y"', '"x"')).toBe(false);
    expect(ifNoneMatchMatches('x', '"x"')).toBe(false);
    expect(ifNoneMatchMatches(undefined, '"x"')).toBe(false);
    expect(ifNoneMatchMatches('*', '"x"')).toBe(true);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=1, gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('the list cache', () => {
  it('keeps a body for its version and for 30 s at most, and the 200 most recently used', async () => {
    const cache = new ListCache();
    const entry = await newEntry({ json: '[1]', version: '7' }, 1_000);
    cache.set('a', entry);
    expect(cache.get('a', '7', 1_000 + LIST_CACHE_TTL_MS - 1)).toBe(entry);
    expect(cache.get('a', '8', 1_001)).toBeUndefined();
    cache.set('a', entry);
    expect(cache.get('a', '7', 1_000 + LIST_CACHE_TTL_MS)).toBeUndefined();

    for (let i = 0; i < LIST_CACHE_MAX_ENTRIES; i += 1) cache.set(`k${i}`, entry);
    expect(cache.get('k0', '7', 1_000)).toBe(entry); // now the most recently used
    cache.set('one more', entry);
    expect(cache.size).toBe(LIST_CACHE_MAX_ENTRIES);
    expect(cache.get('k1', '7', 1_000)).toBeUndefined();
    expect(cache.get('k0', '7', 1_000)).toBe(entry);

    // An older build finishing late does not replace a newer one.
    cache.set('race', await newEntry({ json: '[2]', version: '9' }, 1_000));
    cache.set('race', await newEntry({ json: '[1]', version: '8' }, 1_000));
    expect(cache.get('race', '9', 1_000)?.json).toBe('[2]');
    expect(gunzipSync(entry.gzip).toString()).toBe('[1]');
    expect(entry.gzipEtag).not.toBe(entry.etag);
  });
});

describe.each(backends)('ETags and the list cache on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let member: Member;
  let rideId: number;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'etagorg', { name: 'Etag Organiser' });
    member = await registerMember(suite.app, 'etagmember');
    rideId = (await createRide(organiser, { maxPassengers: 6 })).id;
    await createRide(organiser, { direction: 'FC->SG' });
  });

  const visitorPaths = () => [
    '/api/rides/page',
    '/api/rides/page?time=all&limit=5',
    '/api/rides',
    `/api/rides/${rideId}`,
    '/api/stats',
  ];

  it('puts a strong ETag and "private, no-cache" on every JSON GET, and answers 304 to a match', async () => {
    const paths: Array<[string, TestClient | undefined]> = [
      ...visitorPaths().map((path): [string, undefined] => [path, undefined]),
      ...visitorPaths().map((path): [string, TestClient] => [path, member]),
      ['/api/auth/me', member],
      ['/api/rides/page?scope=organized&time=all', organiser],
      [`/api/rides/${rideId}/passengers`, organiser],
    ];
    for (const [path, client] of paths) {
      const first = await raw(suite.app, path, { client });
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag, path).toMatch(STRONG_ETAG);
      expect(first.headers.get('cache-control'), path).toBe('private, no-cache');

      for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
        const again = await raw(suite.app, path, { client, headers: { 'if-none-match': header } });
        expect(again.status, `${path} ${header}`).toBe(304);
        expect(again.bytes.length).toBe(0);
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('cache-control')).toBe('private, no-cache');
        expect(again.headers.get('content-type')).toBeNull();
        expect(again.headers.get('x-content-type-options')).toBe('nosniff');
      }
      for (const header of ['"nope"', etag.slice(1, -1)]) {
        const other = await raw(suite.app, path, { client, headers: { 'if-none-match': header } });
        expect(other.status, `${path} ${header}`).toBe(200);
        expect(other.text).toBe(first.text);
        expect(other.headers.get('etag')).toBe(etag);
      }
    }
  });

  it('puts no ETag on writes or errors, and never answers a write with 304', async () => {
    const created = await raw(suite.app, '/api/rides', {
      client: member,
      method: 'POST',
      headers: { 'if-none-match': '*' },
      body: {
        direction: 'SG->FC',
        date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        maxPassengers: 4,
        pickupLocation: 'Bedok',
        dropoffLocations: [],
        organizerPassengerCount: 1,
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBeNull();
    for (const path of [
      '/api/rides/999999',
      '/api/rides/page?limit=0',
      '/api/rides/page?scope=joined',
      '/api/nowhere',
    ]) {
      const refused = await raw(suite.app, path, { headers: { 'if-none-match': '*' } });
      expect(refused.status, path).toBeGreaterThanOrEqual(400);
      expect(refused.headers.get('etag'), path).toBeNull();
      expect(refused.headers.get('cache-control'), path).toBeNull();
    }
  });

  it('answers 200 with a new ETag after a join, an edit and a change of the organiser name', async () => {
    const watched: Array<[string, TestClient | undefined]> = [
      ['/api/rides/page?time=all', undefined],
      ['/api/rides', undefined],
      ['/api/rides', member],
      [`/api/rides/${rideId}`, member],
    ];
    const tags = new Map<string, string>();
    const key = (path: string, client?: TestClient) => `${client ? 'member' : 'visitor'} ${path}`;
    const revalidate = async (step: string, check: (path: string, body: any) => void) => {
      for (const [path, client] of watched) {
        const previous = tags.get(key(path, client));
        const answer = await raw(suite.app, path, { client, headers: previous ? { 'if-none-match': previous } : {} });
        expect(answer.status, `${step}: ${key(path, client)}`).toBe(200);
        const etag = answer.headers.get('etag')!;
        if (previous) expect(etag, `${step}: ${key(path, client)}`).not.toBe(previous);
        tags.set(key(path, client), etag);
        check(path, JSON.parse(answer.text));
      }
    };
    const rideIn = (path: string, body: any) =>
      path.endsWith(`/${rideId}`) ? body : (Array.isArray(body) ? body : body.rides).find((r: any) => r.id === rideId);

    await revalidate('before', (path, body) => expect(rideIn(path, body).currentPassengers).toBe(1));
    // Unchanged data: still 304 for each.
    for (const [path, client] of watched) {
      const same = await raw(suite.app, path, { client, headers: { 'if-none-match': tags.get(key(path, client))! } });
      expect(same.status).toBe(304);
    }

    expect((await member.post(`/api/rides/${rideId}/join`, joinBody({ passengerCount: 2 }))).status).toBe(201);
    await revalidate('after a join', (path, body) => expect(rideIn(path, body).currentPassengers).toBe(3));

    const ride = (await organiser.get(`/api/rides/${rideId}`)).body;
    const edit = await organiser.patch(`/api/rides/${rideId}`, {
      direction: ride.direction,
      date: ride.date,
      maxPassengers: ride.maxPassengers,
      organizerPassengerCount: ride.organizerPassengerCount,
      pickupLocation: 'Changi Airport T3',
      dropoffLocations: ride.dropoffLocations,
    });
    expect(edit.status).toBe(200);
    await revalidate('after an edit', (path, body) =>
      expect(rideIn(path, body).pickupLocation).toBe('Changi Airport T3'),
    );

    expect((await organiser.patch(`/api/users/${organiser.user.id}`, { name: 'Renamed Organiser' })).status).toBe(200);
    await revalidate('after a new organiser name', (path, body) =>
      expect(rideIn(path, body).organizerName).toBe('Renamed Organiser'),
    );
  });

  it('serves the cached lists gzip-encoded when asked, the same JSON once decompressed', async () => {
    for (const path of ['/api/rides', '/api/rides/page', '/api/rides/page?time=all&sort=latest&limit=3']) {
      const plain = await raw(suite.app, path, { headers: { 'accept-encoding': 'identity' } });
      const packed = await raw(suite.app, path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(packed.headers.get('content-encoding')).toBe('gzip');
      for (const answer of [plain, packed]) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(answer.headers.get('content-type')).toBe('application/json; charset=UTF-8');
        expect(answer.headers.get('etag')).toMatch(STRONG_ETAG);
      }
      expect(gunzipSync(packed.bytes).toString('utf8')).toBe(plain.text);
      // Two representations, two strong tags, each revalidating itself.
      expect(packed.headers.get('etag')).not.toBe(plain.headers.get('etag'));
      const revalidated = await raw(suite.app, path, {
        headers: { 'accept-encoding': 'gzip', 'if-none-match': packed.headers.get('etag')! },
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('content-encoding')).toBeNull();
      expect(revalidated.headers.get('vary')).toMatch(/accept-encoding/i);
    }
  });

  it("keeps SPEC's GET /api/rides as it was: every ride, full Ride objects, per visibility", async () => {
    const [{ count }] = await ownerQuery<{ count: number }>(
      suite.db,
      'select count(*)::int as count from public.rides',
    );
    for (const client of [suite.anonymous, member]) {
      const list = await client.get('/api/rides');
      expect(list.body).toHaveLength(count);
      const ids = list.body.map((ride: any) => ride.id);
      const order = await ownerQuery<{ id: number }>(suite.db, 'select id from public.rides order by date, id');
      expect(ids).toEqual(order.map((row) => row.id));
      // Each item is exactly the detail call's `Ride` for the same caller.
      for (const item of list.body) expect(item).toEqual((await client.get(`/api/rides/${item.id}`)).body);
      const organiser = list.body[0].creator;
      if (client === member) expect(organiser.discordUsername).toBeTruthy();
      else expect(organiser).toMatchObject({ discordUsername: null, whatsappNumber: null, malaysianNumber: null });
      // Served again from the cache: the same bytes.
      expect((await client.get('/api/rides')).body).toEqual(list.body);
    }
    const cache = listCacheFor(suite.db.database);
    expect(cache.size).toBeGreaterThan(0);
  });

  it('drops a cached body when the data changes through another connection', async () => {
    const before = await raw(suite.app, '/api/rides');
    const pageBefore = await raw(suite.app, '/api/rides/page?time=all');
    const again = await raw(suite.app, '/api/rides', { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(again.status).toBe(304);

    // The SQL editor, a second api process, a migration: nothing this process knows about.
    const write = async (sql: string, params: unknown[]) => {
      if (backend === 'postgres') {
        const elsewhere = connectPostgres(suite.db.url!, { max: 1 });
        try {
          await elsewhere.transaction((tx) => tx.query(sql, params));
        } finally {
          await elsewhere.close();
        }
      } else {
        await ownerQuery(suite.db, sql, params);
      }
    };
    const version = async () =>
      (await ownerQuery<{ v: string }>(suite.db, 'select app.ride_list_version()::text as v'))[0]!.v;

    const v0 = await version();
    await write('update public.rides set pickup_location = $2::text where id = $1::integer', [
      rideId,
      'Woodlands Checkpoint',
    ]);
    const v1 = await version();
    expect(BigInt(v1)).toBeGreaterThan(BigInt(v0));
    const after = await raw(suite.app, '/api/rides', { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.text).find((r: any) => r.id === rideId).pickupLocation).toBe('Woodlands Checkpoint');
    const pageAfter = await raw(suite.app, '/api/rides/page?time=all', {
      headers: { 'if-none-match': pageBefore.headers.get('etag')! },
    });
    expect(pageAfter.status).toBe(200);
    expect(JSON.parse(pageAfter.text).rides.find((r: any) => r.id === rideId).pickupLocation).toBe(
      'Woodlands Checkpoint',
    );

    // A member's contact, shown on members' lists only, changes members' list too.
    const memberList = await raw(suite.app, '/api/rides', { client: member });
    await write('update public.users set whatsapp_number = $2::text where id = $1::integer', [
      organiser.user.id,
      '+6598765432',
    ]);
    const memberAfter = await raw(suite.app, '/api/rides', {
      client: member,
      headers: { 'if-none-match': memberList.headers.get('etag')! },
    });
    expect(memberAfter.status).toBe(200);
    expect(JSON.parse(memberAfter.text).find((r: any) => r.id === rideId).creator.whatsappNumber).toBe('+6598765432');

    // A passenger change through SQL goes through the ride's derived counts, so it counts too.
    const third = await registerMember(suite.app, 'etagthird');
    const pageNow = await raw(suite.app, '/api/rides/page?time=all');
    await write(
      `insert into public.ride_passengers (ride_id, user_id, dropoff_location) values ($1::integer, $2::integer, 'Jurong East')`,
      [rideId, third.user.id],
    );
    const pageLater = await raw(suite.app, '/api/rides/page?time=all', {
      headers: { 'if-none-match': pageNow.headers.get('etag')! },
    });
    expect(pageLater.status).toBe(200);
    expect(JSON.parse(pageLater.text).rides.find((r: any) => r.id === rideId).currentPassengers).toBe(4);

    // A profile change the lists do not show leaves the version alone.
    const still = await version();
    await write('update public.users set revolut_username = $2::text where id = $1::integer', [
      organiser.user.id,
      'etagrevolut',
    ]);
    expect(await version()).toBe(still);
  });

  it('lets the API roles read the version only through app.ride_list_version()', async () => {
    for (const role of ['anon', 'authenticated']) {
      await suite.db.database.transaction(async (tx) => {
        await tx.query(`set local role ${role}`);
        const [row] = await tx.query<{ v: string }>('select app.ride_list_version()::text as v');
        expect(BigInt(row!.v)).toBeGreaterThan(0n);
      });
      for (const sql of [
        'select * from private.ride_list_versions',
        'update private.ride_list_versions set version = 0',
        'select private.bump_ride_list_version(1)',
      ]) {
        await expect(
          suite.db.database.transaction(async (tx) => {
            await tx.query(`set local role ${role}`);
            await tx.query(sql);
          }),
          `${role}: ${sql}`,
        ).rejects.toMatchObject({ code: '42501' });
      }
    }
  });
});

// Embedded PGlite has one client, this process: its version cannot move unless one of its own
// transactions runs, so a revalidation in between asks the database nothing.
describe('the list version on PGlite, its only client', () => {
  const suite = useSuite('pglite');

  it('revalidates without a query until a transaction runs', async () => {
    const database = suite.db.database;
    const organiser = await registerMember(suite.app, 'soleorg');
    const rideId = (await createRide(organiser)).id;
    const first = await raw(suite.app, '/api/rides/page');
    const revalidate = () =>
      raw(suite.app, '/api/rides/page', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect((await revalidate()).status).toBe(304);

    const reads = vi.spyOn(database, 'readStatement');
    try {
      expect((await revalidate()).status).toBe(304);
      expect((await revalidate()).status).toBe(304);
      expect(reads).not.toHaveBeenCalled();

      // Any transaction may have written: the next revalidation reads the version again.
      await ownerQuery(suite.db, 'select 1');
      expect((await revalidate()).status).toBe(304);
      expect(reads).toHaveBeenCalledTimes(1);

      // And a write that changes the list is seen at once.
      await ownerQuery(suite.db, 'update public.rides set pickup_location = $2::text where id = $1::integer', [
        rideId,
        'Kranji MRT',
      ]);
      const changed = await revalidate();
      expect(changed.status).toBe(200);
      expect(JSON.parse(changed.text).rides.find((r: any) => r.id === rideId).pickupLocation).toBe('Kranji MRT');
    } finally {
      reads.mockRestore();
    }
  });
});

describe('the Node host (hono/compress on /api/*)', () => {
  const suite = useSuite('pglite');
  let staticDir: string;
  let host: ReturnType<typeof createHostApp>;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'fc-etag-static-'));
    host = createHostApp(readConfig({ STATIC_DIR: staticDir }), suite.db.database, {});
    const organiser = await registerMember(suite.app, 'hostorg');
    for (let i = 0; i < 6; i += 1) await createRide(organiser, { pickupLocation: `Stop ${i} `.repeat(40) });
  });
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

  it('does not compress a cached gzip body again, and keeps its strong ETag', async () => {
    for (const path of ['/api/rides', '/api/rides/page?time=all']) {
      const plain = await raw(host, path, { headers: { 'accept-encoding': 'identity' } });
      const packed = await raw(host, path, { headers: { 'accept-encoding': 'gzip' } });
      expect(plain.bytes.length).toBeGreaterThan(1024);
      expect(packed.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(packed.bytes).toString('utf8')).toBe(plain.text);
      expect(packed.headers.get('etag')).toMatch(STRONG_ETAG);
      expect(packed.headers.get('vary')).toBe('Accept-Encoding');
      const revalidated = await raw(host, path, {
        headers: { 'accept-encoding': 'gzip', 'if-none-match': packed.headers.get('etag')! },
      });
      expect(revalidated.status).toBe(304);
    }
  });

  it('revalidates an answer the host compressed itself (its ETag made weak) with a 304', async () => {
    const organiser = await registerMember(suite.app, 'hostmember');
    for (let i = 0; i < 4; i += 1) await createRide(organiser, { pickupLocation: `Own stop ${i} `.repeat(40) });
    const path = '/api/rides/page?scope=organized&time=all';
    const packed = await raw(host, path, { client: organiser, headers: { 'accept-encoding': 'gzip' } });
    expect(packed.status).toBe(200);
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(packed.bytes).toString('utf8')).rides).toHaveLength(4);
    const etag = packed.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{43}"$/);
    const revalidated = await raw(host, path, {
      client: organiser,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(revalidated.status).toBe(304);
  });
});
