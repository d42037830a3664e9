// GET /api/rides/page (docs/decisions/0009-windowed-ride-lists.md): every scope, time window,
// direction and sort, paged to the end, against the rows the database really holds; the
// upcoming -> past boundary; "This Week" in Singapore time; every bad parameter.
import { beforeAll, describe, expect, it } from 'vitest';

import { encodeRideCursor, ridePageQuerySchema } from '../../supabase/functions/_shared/schemas/ride-page.ts';
import type { RideListItem } from '../../supabase/functions/_shared/types/ride.ts';
import { RequestDb } from '../../supabase/functions/api/lib/database.ts';
import { connectPostgres } from '../../supabase/functions/api/lib/postgres-database.ts';
import { readRidePage } from '../../supabase/functions/api/queries/ride-page.ts';
import { createTestApp, type Member, registerMember, registerVendor, TestClient } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const LONG = 240_000;
const SCOPES = ['all', 'organized', 'joined', 'assigned', 'available'] as const;
const TIMES = ['upcoming', 'week', 'past', 'all'] as const;
const DIRECTIONS = [undefined, 'SG->FC', 'FC->SG'] as const;
const SORTS = ['earliest', 'latest'] as const;
const LIST_ITEM_KEYS = [
  'id',
  'creatorId',
  'direction',
  'date',
  'maxPassengers',
  'currentPassengers',
  'pickupLocation',
  // Issue 37 §3: an FC->SG ride's meeting point in Forest City, or null.
  'meetingPoint',
  'dropoffLocations',
  'status',
  'vendorId',
  'cost',
  'additionalStops',
  'organizerName',
  // Issue 27: the weekly series the ride is a date of, or null (the "Weekly" mark on a card).
  'seriesId',
].sort();

// What the database holds for one ride, its date to the microsecond.
interface Truth {
  id: number;
  date: string;
  direction: string;
  status: string;
  organiser_id: number;
  vendor_id: number | null;
  joined: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SGT_OFFSET_MS = 8 * 60 * 60 * 1000;

// Midnight in Singapore at the start of the 7th day after today (Singapore has had no daylight
// saving since 1982, so a fixed +08:00 is exact).
function singaporeWeekEnd(now: number): number {
  const todayStart = Math.floor((now + SGT_OFFSET_MS) / DAY_MS) * DAY_MS - SGT_OFFSET_MS;
  return todayStart + 7 * DAY_MS;
}

function microsecondIso(time: number, extraMicroseconds = 0): string {
  return new Date(time).toISOString().replace('Z', `${String(extraMicroseconds).padStart(3, '0')}Z`);
}

interface WeekEdge {
  daySixLate: number;
  lastMicrosecond: number;
  daySevenMidnight: number;
}

// The edge of "This Week" ending at `end`: 23:59 on the sixth day after today (Singapore time),
// the last microsecond of that day, and midnight starting the seventh.
function weekEdgeEnding(end: number): WeekEdge {
  return { daySixLate: end - 60_000, lastMicrosecond: end - 1, daySevenMidnight: end };
}

// The three rides' dates, sent as text: postgres.js would make a Date of a timestamptz parameter,
// losing microseconds.
function weekEdgeDates(edge: WeekEdge): string[] {
  return [
    microsecondIso(edge.daySixLate),
    microsecondIso(edge.lastMicrosecond, 999),
    microsecondIso(edge.daySevenMidnight),
  ];
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return `/api/rides/page${text ? `?${text}` : ''}`;
}

describe.each(backends)('GET /api/rides/page on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let other: Member;
  let passenger: Member;
  let vendor: Member;
  let truth: Truth[];
  let weekEdge: WeekEdge;

  async function readTruth(): Promise<Truth[]> {
    return ownerQuery<Truth>(
      suite.db,
      `select r.id, to_char(r.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as date,
              r.direction::text as direction, r.status::text as status, r.organiser_id, r.vendor_id,
              exists (select 1 from public.ride_passengers p where p.ride_id = r.id and p.user_id = $1::integer) as joined
         from public.rides r`,
      [passenger.user.id],
    );
  }

  beforeAll(async () => {
    [organiser, other, passenger, vendor] = await Promise.all([
      registerMember(suite.app, 'pageorg'),
      registerMember(suite.app, 'pageother'),
      registerMember(suite.app, 'pagepax'),
      registerVendor(suite.app),
    ]);
    // 250 rides 5 hours apart, 89 past and 161 upcoming, none within 2.5 hours of now. Dated to
    // the microsecond as SQL can (JavaScript cannot): each pair shares a millisecond and the
    // higher id is the earlier microsecond, and every tenth pair shares its exact instant, so
    // only the id tells them apart. Arranged as the owner, as dated-back rows would be.
    await ownerQuery(
      suite.db,
      `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location,
                                 dropoff_locations, status, vendor_id)
       select case when g % 4 = 0 then $1::integer else $2::integer end,
              case when g % 3 = 0 then 'FC->SG' else 'SG->FC' end::public.ride_direction,
              date_trunc('milliseconds', now()) + ((g / 2) - 45) * interval '5 hours' + interval '150 minutes'
                + (case when g % 20 < 2 then 3 when g % 2 = 0 then 2 else 1 end) * interval '1 microsecond',
              5, 'Pasir Ris MRT', '[{"location": "Tampines Mall", "passengerCount": 1}]'::jsonb,
              case when g % 7 = 0 then 'assigned' else 'open' end::public.ride_status,
              case when g % 7 = 0 then $3::integer end
         from generate_series(1, 250) g`,
      [organiser.user.id, other.user.id, vendor.user.id],
    );
    await ownerQuery(
      suite.db,
      `insert into public.ride_passengers (ride_id, user_id, dropoff_location)
       select id, $1::integer, 'Bedok Mall' from public.rides where id % 5 = 0`,
      [passenger.user.id],
    );
    weekEdge = weekEdgeEnding(singaporeWeekEnd(Date.now()));
    for (const date of weekEdgeDates(weekEdge)) {
      await ownerQuery(
        suite.db,
        `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location)
         values ($1::integer, 'SG->FC', $2::text::timestamptz, 4, 'Punggol')`,
        [other.user.id, date],
      );
    }
    truth = await readTruth();
    expect(truth).toHaveLength(253);
    expect(truth.filter((ride) => ride.joined).length).toBeGreaterThan(10);
  }, LONG);

  function clientFor(scope: (typeof SCOPES)[number]): TestClient {
    if (scope === 'organized') return organiser;
    if (scope === 'joined') return passenger;
    if (scope === 'assigned') return vendor;
    return suite.anonymous;
  }

  // The ids the page list must give, in order, worked out from the rows themselves.
  function expected(
    params: { scope: string; time: string; direction?: string; sort: string },
    now: string,
    weekEnd: string,
    asking: Member | null,
  ): number[] {
    const inScope = (ride: Truth) => {
      switch (params.scope) {
        case 'organized':
          return ride.organiser_id === asking!.user.id;
        case 'joined':
          return ride.joined;
        case 'assigned':
          return ride.vendor_id === asking!.user.id;
        case 'available':
          return ride.status === 'open' && ride.date >= now;
        default:
          return true;
      }
    };
    const rides = truth.filter((ride) => inScope(ride) && (!params.direction || ride.direction === params.direction));
    const order = (a: Truth, b: Truth) => {
      const ascending = a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id;
      return params.sort === 'earliest' ? ascending : -ascending;
    };
    const upcoming = rides.filter((ride) => ride.date >= now).sort(order);
    const past = rides.filter((ride) => ride.date < now).sort(order);
    const week = upcoming.filter((ride) => ride.date < weekEnd);
    const chosen = { upcoming, week, past, all: [...upcoming, ...past] }[params.time as 'upcoming'];
    return chosen.map((ride) => ride.id);
  }

  async function pageThrough(client: TestClient, params: Record<string, string | number | undefined>) {
    const limit = Number(params.limit ?? 20);
    const ids: number[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const answer = await client.get<{ rides: RideListItem[]; nextCursor: string | null }>(
        query({ ...params, cursor: cursor ?? undefined }),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.rides.length).toBeLessThanOrEqual(limit);
      cursor = answer.body.nextCursor;
      // Only the last page may be short, and a cursor always leads to at least one more ride.
      if (cursor !== null) expect(answer.body.rides).toHaveLength(limit);
      if (pages > 0) expect(answer.body.rides.length).toBeGreaterThan(0);
      ids.push(...answer.body.rides.map((ride) => ride.id));
      pages += 1;
      expect(pages).toBeLessThan(300);
    } while (cursor !== null);
    return { ids, pages };
  }

  it(
    'pages every scope, time, direction and sort to the end, each ride once and in order',
    async () => {
      let checked = 0;
      let nonEmpty = 0;
      for (const scope of SCOPES) {
        for (const time of TIMES) {
          for (const direction of DIRECTIONS) {
            for (const sort of SORTS) {
              const client = clientFor(scope);
              const now = microsecondIso(Date.now());
              const weekEnd = microsecondIso(singaporeWeekEnd(Date.now()));
              const params = { scope, time, direction, sort, limit: 100 };
              const { ids } = await pageThrough(client, params);
              const want = expected(params, now, weekEnd, client === suite.anonymous ? null : (client as Member));
              expect(ids, JSON.stringify(params)).toEqual(want);
              checked += 1;
              if (want.length > 0) nonEmpty += 1;
            }
          }
        }
      }
      expect(checked).toBe(SCOPES.length * TIMES.length * DIRECTIONS.length * SORTS.length);
      // past and all for `available` are the only empty ones... and a few week windows by direction.
      expect(nonEmpty).toBeGreaterThan(90);
    },
    LONG,
  );

  it(
    'reaches all 253 rides exactly once with limit 100 and with limit 7, upcoming first, then past',
    async () => {
      for (const sort of SORTS) {
        const now = microsecondIso(Date.now());
        const want = expected({ scope: 'all', time: 'all', sort }, now, '', null);
        expect(want).toHaveLength(253);
        for (const limit of [100, 7]) {
          const { ids, pages } = await pageThrough(suite.anonymous, { time: 'all', sort, limit });
          expect(ids).toEqual(want);
          expect(new Set(ids).size).toBe(253);
          expect(pages).toBe(Math.ceil(253 / limit));
        }
      }
      // The same for a member: the same rides, the same order.
      const asMember = await pageThrough(passenger, { time: 'all', limit: 7 });
      expect(asMember.ids).toEqual(
        expected({ scope: 'all', time: 'all', sort: 'earliest' }, microsecondIso(Date.now()), '', null),
      );
    },
    LONG,
  );

  it('moves from the last upcoming ride to the first past one on the same page, in the chosen order', async () => {
    for (const sort of SORTS) {
      const now = microsecondIso(Date.now());
      const want = expected({ scope: 'all', time: 'all', sort }, now, '', null);
      const upcoming = truth.filter((ride) => ride.date >= now).length;
      // A page that straddles the boundary: after the 4th-last upcoming ride come the last 3
      // upcoming ones, then the first 4 past ones. (Clients never build cursors; a test may.)
      const stop = truth.find((ride) => ride.id === want[upcoming - 4])!;
      const cursor = encodeRideCursor({ group: 'upcoming', boundary: now, weekEnd: now, date: stop.date, id: stop.id });
      const answer = await suite.anonymous.get(query({ time: 'all', sort, limit: 7, cursor }));
      expect(answer.status).toBe(200);
      const ids = answer.body.rides.map((ride: RideListItem) => ride.id);
      expect(ids).toEqual(want.slice(upcoming - 3, upcoming + 4));
      const sides = ids.map((id: number) => truth.find((ride) => ride.id === id)!.date >= now);
      expect(sides).toEqual([true, true, true, false, false, false, false]);
      // Within each group the chosen order: earliest first starts the past rides with the oldest
      // of all, latest first with the one that departed last.
      const past = truth
        .filter((ride) => ride.date < now)
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
      expect(ids[3]).toBe(sort === 'earliest' ? past[0]!.id : past.at(-1)!.id);
    }
  });

  it(
    'keeps the boundary of its first page: a ride that departs while someone pages is neither repeated nor skipped',
    async () => {
      // A ride 1.5 s from now is the first upcoming one; by the second page it has departed.
      const [soon] = await ownerQuery<{ id: number }>(
        suite.db,
        `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location)
         values ($1::integer, 'FC->SG', now() + interval '1.5 seconds', 4, 'Forest City') returning id`,
        [other.user.id],
      );
      const first = await suite.anonymous.get(query({ time: 'all', direction: 'FC->SG', limit: 5 }));
      expect(first.body.rides[0].id).toBe(soon!.id);
      await new Promise((resolve) => setTimeout(resolve, 1_700));
      const ids: number[] = first.body.rides.map((ride: RideListItem) => ride.id);
      let cursor = first.body.nextCursor;
      while (cursor) {
        const next = await suite.anonymous.get(query({ time: 'all', direction: 'FC->SG', limit: 5, cursor }));
        ids.push(...next.body.rides.map((ride: RideListItem) => ride.id));
        cursor = next.body.nextCursor;
      }
      const all = truth.filter((ride) => ride.direction === 'FC->SG').length + 1;
      expect(ids).toHaveLength(all);
      expect(new Set(ids).size).toBe(all);
      expect(ids.filter((id) => id === soon!.id)).toHaveLength(1);
      // Now that it has departed, a fresh first page lists it with the past rides.
      const fresh = await pageThrough(suite.anonymous, { time: 'upcoming', direction: 'FC->SG', limit: 100 });
      expect(fresh.ids).not.toContain(soon!.id);
      const past = await pageThrough(suite.anonymous, {
        time: 'past',
        direction: 'FC->SG',
        sort: 'latest',
        limit: 100,
      });
      expect(past.ids[0]).toBe(soon!.id);
      await ownerQuery(suite.db, 'delete from public.rides where id = $1::integer', [soon!.id]);
    },
    LONG,
  );

  it('builds the same first page, cursor and ETag again while no ride departs (a rebuilt cache, another process)', async () => {
    const path = query({ time: 'all', limit: 10 });
    const build = () =>
      suite.db.database.transaction(async (tx) => {
        const db = new RequestDb(tx);
        await db.actAs(null);
        return readRidePage(db, ridePageQuerySchema.parse({ time: 'all', limit: '10' }));
      });
    const first = await build();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await build();
    expect(second.json).toBe(first.json);
    expect(JSON.parse(first.json).nextCursor).toEqual(expect.any(String));
    // Another api process on the same database (another edge isolate) answers the same ETag.
    if (backend === 'postgres') {
      const elsewhere = connectPostgres(suite.db.url!, { max: 2 });
      try {
        const here = await suite.anonymous.get(path);
        const there = await new TestClient(createTestApp(elsewhere)).get(path);
        expect(there.headers.get('etag')).toBe(here.headers.get('etag'));
        expect(there.body).toEqual(here.body);
      } finally {
        await elsewhere.close();
      }
    }
  });

  it('"This Week" ends at midnight starting the 7th day after today in Singapore time', async () => {
    // Singapore's midnight may have passed since the rides were made (a run near 16:00 UTC): the
    // api's week has moved a day, and the three rides at its edge move with it.
    const end = singaporeWeekEnd(Date.now());
    if (end !== weekEdge.daySevenMidnight) {
      await ownerQuery(
        suite.db,
        `update public.rides set date = date + $1::bigint * interval '1 millisecond'
          where date = any($2::text[]::timestamptz[])`,
        [end - weekEdge.daySevenMidnight, weekEdgeDates(weekEdge)],
      );
      weekEdge = weekEdgeEnding(end);
      truth = await readTruth();
    }
    const answer = await pageThrough(suite.anonymous, { time: 'week', limit: 100 });
    const byDate = new Map(truth.map((ride) => [ride.id, ride.date]));
    const dates = answer.ids.map((id) => byDate.get(id)!);
    const at = (time: number, micro = 0) => truth.find((ride) => ride.date === microsecondIso(time, micro))!.id;
    expect(answer.ids).toContain(at(weekEdge.daySixLate));
    expect(answer.ids).toContain(at(weekEdge.lastMicrosecond, 999));
    expect(answer.ids).not.toContain(at(weekEdge.daySevenMidnight));
    // 23:59 on day 6 is 15:59 UTC the day before day 7's date in Singapore.
    expect(new Date(weekEdge.daySixLate + SGT_OFFSET_MS).toISOString().slice(11, 16)).toBe('23:59');
    expect(new Date(weekEdge.daySevenMidnight + SGT_OFFSET_MS).toISOString().slice(11, 19)).toBe('00:00:00');
    // Everything from now to that midnight, nothing else.
    expect(dates.at(-1)).toBe(microsecondIso(weekEdge.lastMicrosecond, 999));
    expect(answer.ids.length).toBe(
      truth.filter(
        (ride) => ride.date >= microsecondIso(Date.now()) && ride.date < microsecondIso(weekEdge.daySevenMidnight),
      ).length,
    );
    // The upcoming list goes on past it.
    const upcoming = await pageThrough(suite.anonymous, { time: 'upcoming', limit: 100 });
    expect(upcoming.ids).toContain(at(weekEdge.daySevenMidnight));
  });

  it(
    'pages exactly through rides a microsecond apart (the cursor is not rounded to milliseconds)',
    async () => {
      const { ids } = await pageThrough(suite.anonymous, { time: 'all', limit: 1 });
      expect(ids).toEqual(
        expected({ scope: 'all', time: 'all', sort: 'earliest' }, microsecondIso(Date.now()), '', null),
      );
      // The data really has such pairs: same millisecond, higher id first.
      const pair = truth.filter(
        (ride) =>
          ride.id % 2 === 1 &&
          truth.some(
            (o) => o.id === ride.id - 1 && o.date.slice(0, 23) === ride.date.slice(0, 23) && o.date > ride.date,
          ),
      );
      expect(pair.length).toBeGreaterThan(50);
    },
    LONG,
  );

  it('answers list items with exactly the RideListItem fields, the same for visitors and members', async () => {
    const visitor = await suite.anonymous.get(query({ time: 'all', limit: 100 }));
    const member = await organiser.get(query({ time: 'all', limit: 100 }));
    expect(visitor.status).toBe(200);
    expect(member.body).toEqual(visitor.body);
    expect(Object.keys(visitor.body).sort()).toEqual(['nextCursor', 'rides']);
    for (const ride of visitor.body.rides as RideListItem[]) expect(Object.keys(ride).sort()).toEqual(LIST_ITEM_KEYS);
    const sample = (visitor.body.rides as RideListItem[]).find((ride) => ride.creatorId === organiser.user.id)!;
    expect(sample).toMatchObject({
      organizerName: 'pageorg person',
      pickupLocation: 'Pasir Ris MRT',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
      maxPassengers: 5,
      cost: 80,
    });
    expect(sample.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const joined = (visitor.body.rides as RideListItem[]).find((ride) => ride.id % 5 === 0)!;
    expect(joined.currentPassengers).toBe(2);
    const assigned = (visitor.body.rides as RideListItem[]).find((ride) => ride.status === 'assigned')!;
    expect(assigned.vendorId).toBe(vendor.user.id);
  });

  it('gives vendors the open upcoming rides only under "available"', async () => {
    for (const time of ['upcoming', 'all', 'past'] as const) {
      const { ids } = await pageThrough(vendor, { scope: 'available', time, limit: 100 });
      const rides = ids.map((id) => truth.find((ride) => ride.id === id)!);
      expect(rides.every((ride) => ride.status === 'open' && ride.date > microsecondIso(Date.now()))).toBe(true);
      if (time === 'past') expect(ids).toEqual([]);
      else expect(ids.length).toBeGreaterThan(100);
    }
  });

  it('uses the defaults: every direction, upcoming, earliest first, 20 rides', async () => {
    const answer = await suite.anonymous.get('/api/rides/page');
    expect(answer.status).toBe(200);
    const want = expected({ scope: 'all', time: 'upcoming', sort: 'earliest' }, microsecondIso(Date.now()), '', null);
    expect(answer.body.rides.map((ride: RideListItem) => ride.id)).toEqual(want.slice(0, 20));
    expect(typeof answer.body.nextCursor).toBe('string');
  });

  it('refuses member-only scopes without a session (401)', async () => {
    for (const scope of ['organized', 'joined', 'assigned']) {
      const answer = await suite.anonymous.get(query({ scope }));
      expect(answer.status, scope).toBe(401);
      expect(answer.body).toEqual({
        message: 'You must be logged in',
        code: 'login_required',
        params: {},
        requestId: expect.any(String),
      });
    }
    for (const scope of ['all', 'available']) expect((await suite.anonymous.get(query({ scope }))).status).toBe(200);
  });

  it('refuses each bad parameter with 400 and a message naming it', async () => {
    const boundary = microsecondIso(Date.now());
    const cursorFor = (group: 'upcoming' | 'past', id: number, date = boundary) =>
      encodeRideCursor({ group, boundary, weekEnd: boundary, date, id });
    const cases: Array<[string, string]> = [
      ['scope=everything', 'scope'],
      ['scope=', 'scope'],
      ['time=tomorrow', 'time'],
      ['time=ALL', 'time'],
      ['direction=SG-FC', 'direction'],
      ['direction=both', 'direction'],
      ['sort=newest', 'sort'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=2.5', 'limit'],
      ['limit=', 'limit'],
      ['limit=1e2', 'limit'],
      ['cursor=abc', 'cursor'],
      ['cursor=', 'cursor'],
      [`cursor=${'A'.repeat(300)}`, 'cursor'],
      [`cursor=${btoa('r1|u|yesterday|today|today|1')}`, 'cursor'],
      [`cursor=${btoa(`r1|u|${boundary}|${boundary}|1`)}`, 'cursor'],
      [`cursor=${cursorFor('upcoming', 1).slice(0, -2)}`, 'cursor'],
      [
        `cursor=${encodeRideCursor({ group: 'upcoming', boundary, weekEnd: boundary, date: boundary, id: 0 })}`,
        'cursor',
      ],
      [
        `cursor=${encodeRideCursor({ group: 'upcoming', boundary, weekEnd: boundary, date: '2026-02-30T00:00:00.000000Z', id: 3 })}`,
        'cursor',
      ],
      [
        `cursor=${encodeRideCursor({ group: 'upcoming', boundary, weekEnd: boundary, date: boundary, id: 2_147_483_648 })}`,
        'cursor',
      ],
      // A cursor from an upcoming list given to a past one.
      [`time=past&cursor=${cursorFor('upcoming', 5)}`, 'cursor'],
      [`time=week&cursor=${cursorFor('past', 5)}`, 'cursor'],
      ['page=2', 'page'],
      ['offset=20', 'offset'],
      ['scope=all&scope=joined', 'scope'],
      ['limit=5&limit=5', 'limit'],
    ];
    for (const [search, parameter] of cases) {
      const answer = await organiser.get(`/api/rides/page?${search}`);
      expect(answer.status, search).toBe(400);
      expect(answer.body.message, search).toContain(parameter);
    }
    // A well-formed cursor from elsewhere is still a position: it answers, it does not fail.
    const elsewhere = await suite.anonymous.get(
      query({ cursor: cursorFor('upcoming', 2_147_483_647, '9999-12-31T23:59:59.999999Z') }),
    );
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toEqual({ rides: [], nextCursor: null });
  });
});
