// GET /api/rides/page's day, time-of-day and series choices (issue 37 §5, ADR 0037): every
// combination paged to the end against the rows the database holds, the edges of each time of
// day and of a Singapore day, a weekly series once by its next date, and every bad value.
import { beforeAll, describe, expect, it } from 'vitest';

import type { RideListItem } from '../../supabase/functions/_shared/types/ride.ts';
import { type Member, registerMember, type TestClient } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const LONG = 240_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const SGT_MS = 8 * 60 * 60 * 1000;

interface Truth {
  id: number;
  date: string;
  direction: string;
  series_id: number | null;
}

// A Singapore day as YYYY-MM-DD, `offset` days after the one `time` falls on.
function sgDay(time: number, offset = 0): string {
  return new Date(time + SGT_MS + offset * DAY_MS).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

// A Singapore wall-clock time on `day`, as the instant Postgres is sent.
function sgAt(day: string, time: string): string {
  return new Date(Date.parse(`${day}T${time}+08:00`)).toISOString().replace('Z', '000Z');
}

function sgHour(iso: string): number {
  return new Date(Date.parse(iso) + SGT_MS).getUTCHours();
}

// The days a choice covers, first to last (ADR 0037).
function daysOf(choice: string, today: string): [string, string] {
  if (choice === 'today') return [today, today];
  if (choice === 'tomorrow') return [addDays(today, 1), addDays(today, 1)];
  if (choice === 'weekend') {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const isodow = weekday === 0 ? 7 : weekday;
    return [addDays(today, Math.max(0, 6 - isodow)), addDays(today, 7 - isodow)];
  }
  return [choice, choice];
}

const HOURS = { morning: [0, 12], afternoon: [12, 18], evening: [18, 24] } as const;

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  return `/api/rides/page?${search.toString()}`;
}

describe.each(backends)('GET /api/rides/page day, time of day and series on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let truth: Truth[];
  let today: string;
  let chosen: string;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'dayorg');
    const now = Date.now();
    today = sgDay(now);
    chosen = sgDay(now, 3);
    const single = [
      // The chosen day at each edge of each time of day, and its neighbours' nearest minutes.
      [chosen, '08:00:00', 'SG->FC'],
      [chosen, '11:59:59.999999', 'SG->FC'],
      [chosen, '12:00:00', 'FC->SG'],
      [chosen, '17:59:59.999999', 'SG->FC'],
      [chosen, '18:00:00', 'FC->SG'],
      [chosen, '23:59:59.999999', 'SG->FC'],
      [addDays(chosen, -1), '23:59:59.999999', 'SG->FC'],
      [addDays(chosen, 1), '00:00:00', 'FC->SG'],
      [addDays(today, 1), '07:30:00', 'SG->FC'],
      [addDays(today, 1), '19:30:00', 'FC->SG'],
      [addDays(today, 5), '13:00:00', 'SG->FC'],
      [addDays(today, 6), '20:00:00', 'FC->SG'],
      [addDays(today, -1), '19:00:00', 'SG->FC'],
      [addDays(today, -2), '09:00:00', 'FC->SG'],
    ];
    const dates = single.map(([day, time, direction]) => [sgAt(day!, time!), direction]);
    // Today, two hours on (when that is still today), and earlier today (when that has passed).
    if (sgDay(now + 2 * 60 * 60 * 1000) === today) dates.push([new Date(now + 2 * 3600_000).toISOString(), 'SG->FC']);
    if (sgDay(now - 2 * 60 * 60 * 1000) === today) dates.push([new Date(now - 2 * 3600_000).toISOString(), 'FC->SG']);
    for (const [date, direction] of dates) {
      await ownerQuery(
        suite.db,
        `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location)
         values ($1::integer, $2::text::public.ride_direction, $3::text::timestamptz, 4, 'Punggol')`,
        [organiser.user.id, direction, date],
      );
    }
    // A weekly series every day at 18:30 from two days ago to 14 days on, one date moved to the
    // morning, and a second series that has only passed.
    const [series] = await ownerQuery<{ id: number }>(
      suite.db,
      `insert into public.ride_series (organiser_id, direction, weekdays, local_time, first_day, until)
       values ($1::integer, 'SG->FC', '{1,2,3,4,5,6,7}', '18:30', $2::date, $3::date) returning id`,
      [organiser.user.id, addDays(today, -2), addDays(today, 14)],
    );
    for (let offset = -2; offset <= 14; offset += 1) {
      const time = offset === 4 ? '09:15:00' : '18:30:00';
      await ownerQuery(
        suite.db,
        `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location, series_id)
         values ($1::integer, 'SG->FC', $2::text::timestamptz, 4, 'Punggol', $3::integer)`,
        [organiser.user.id, sgAt(addDays(today, offset), time), series!.id],
      );
    }
    const [past] = await ownerQuery<{ id: number }>(
      suite.db,
      `insert into public.ride_series (organiser_id, direction, weekdays, local_time, first_day, until)
       values ($1::integer, 'FC->SG', '{1,2,3,4,5,6,7}', '07:00', $2::date, $3::date) returning id`,
      [organiser.user.id, addDays(today, -5), addDays(today, -3)],
    );
    for (let offset = -5; offset <= -3; offset += 1) {
      await ownerQuery(
        suite.db,
        `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location, series_id)
         values ($1::integer, 'FC->SG', $2::text::timestamptz, 4, 'Punggol', $3::integer)`,
        [organiser.user.id, sgAt(addDays(today, offset), '07:00:00'), past!.id],
      );
    }
    truth = await ownerQuery<Truth>(
      suite.db,
      `select id, to_char(date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as date,
              direction::text as direction, series_id from public.rides`,
    );
  }, LONG);

  interface Choice {
    time: 'upcoming' | 'all' | 'past';
    sort: 'earliest' | 'latest';
    day?: string;
    timeOfDay?: keyof typeof HOURS;
    series?: 'each' | 'once';
    direction?: string;
  }

  // The ids the list must give, in order, worked out from the rows themselves.
  function expected(choice: Choice, now: string): number[] {
    const rides = truth.filter((ride) => {
      if (choice.direction && ride.direction !== choice.direction) return false;
      if (choice.day) {
        const [first, last] = daysOf(choice.day, today);
        const day = sgDay(Date.parse(ride.date));
        if (day < first || day > last) return false;
      }
      if (choice.timeOfDay) {
        const [from, until] = HOURS[choice.timeOfDay];
        const hour = sgHour(ride.date);
        if (hour < from || hour >= until) return false;
      }
      return true;
    });
    const ascending = (a: Truth, b: Truth) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id);
    let upcoming = rides.filter((ride) => ride.date >= now).sort(ascending);
    let past = rides.filter((ride) => ride.date < now).sort(ascending);
    if (choice.series === 'once') {
      const seen = new Set<number>();
      upcoming = upcoming.filter((ride) => {
        if (ride.series_id === null) return true;
        if (seen.has(ride.series_id)) return false;
        seen.add(ride.series_id);
        return true;
      });
      // Under "all" a series with a date to come shows by that date only; the past by its latest.
      const pastSeen = new Set<number>(choice.time === 'all' ? seen : []);
      past = [...past].reverse().filter((ride) => {
        if (ride.series_id === null) return true;
        if (pastSeen.has(ride.series_id)) return false;
        pastSeen.add(ride.series_id);
        return true;
      });
      past.sort(ascending);
    }
    const order = (list: Truth[]) => (choice.sort === 'earliest' ? list : [...list].reverse());
    const lists = { upcoming: order(upcoming), past: order(past), all: [...order(upcoming), ...order(past)] };
    return lists[choice.time].map((ride) => ride.id);
  }

  async function pageThrough(client: TestClient, params: Record<string, string | number | undefined>) {
    const ids: number[] = [];
    let cursor: string | null | undefined;
    do {
      const answer = await client.get<{ rides: RideListItem[]; nextCursor: string | null }>(
        query({ ...params, cursor: cursor ?? undefined }),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      cursor = answer.body.nextCursor;
      ids.push(...answer.body.rides.map((ride) => ride.id));
      expect(ids.length).toBeLessThan(200);
    } while (cursor !== null);
    return ids;
  }

  it(
    'pages every day, time of day, series, time and sort choice to the end, in order',
    async () => {
      const days = [undefined, 'today', 'tomorrow', 'weekend', chosen];
      const parts = [undefined, 'morning', 'afternoon', 'evening'] as const;
      let nonEmpty = 0;
      for (const day of days) {
        for (const timeOfDay of parts) {
          for (const series of ['each', 'once'] as const) {
            for (const [time, sort] of [
              ['upcoming', 'earliest'],
              ['all', 'latest'],
              ['past', 'earliest'],
            ] as const) {
              const choice: Choice = { time, sort, day, timeOfDay, series };
              const now = new Date().toISOString().replace('Z', '000Z');
              const ids = await pageThrough(suite.anonymous, { ...choice, limit: 3 });
              expect(ids, JSON.stringify(choice)).toEqual(expected(choice, now));
              if (ids.length > 0) nonEmpty += 1;
            }
          }
        }
      }
      expect(nonEmpty).toBeGreaterThan(60);
    },
    LONG,
  );

  it('cuts the chosen Singapore day and each time of day exactly at their edges', async () => {
    const times = async (params: Record<string, string>) => {
      const answer = await suite.anonymous.get<{ rides: RideListItem[] }>(query({ ...params, day: chosen }));
      return answer.body.rides
        .filter((ride) => ride.seriesId === null)
        .map((ride) => new Date(Date.parse(ride.date) + SGT_MS).toISOString().slice(11, 19));
    };
    expect(await times({})).toEqual(['08:00:00', '11:59:59', '12:00:00', '17:59:59', '18:00:00', '23:59:59']);
    expect(await times({ timeOfDay: 'morning' })).toEqual(['08:00:00', '11:59:59']);
    expect(await times({ timeOfDay: 'afternoon' })).toEqual(['12:00:00', '17:59:59']);
    expect(await times({ timeOfDay: 'evening', direction: 'FC->SG' })).toEqual(['18:00:00']);
  });

  it('shows a weekly series once, by its next date under the other filters, unless a date is chosen', async () => {
    const seriesDates = async (params: Record<string, string>) => {
      const answer = await suite.anonymous.get<{ rides: RideListItem[] }>(query({ limit: '100', ...params }));
      return answer.body.rides.filter((ride) => ride.seriesId !== null).map((ride) => sgDay(Date.parse(ride.date)));
    };
    const now = new Date().toISOString().replace('Z', '000Z');
    const next = truth
      .filter((ride) => ride.series_id !== null && ride.date >= now)
      .sort((a, b) => (a.date < b.date ? -1 : 1))[0]!;
    const once = await seriesDates({ series: 'once' });
    expect(once).toHaveLength(1);
    expect(await seriesDates({ series: 'once', timeOfDay: 'morning' })).toEqual([addDays(today, 4)]);
    expect((await seriesDates({ series: 'each' })).length).toBeGreaterThan(10);
    expect(await seriesDates({ series: 'once', day: addDays(today, 8) })).toEqual([addDays(today, 8)]);
    expect(once).toEqual([sgDay(Date.parse(next.date))]);
  });

  it("shows a series once in a member's own lists too: the first date the member is on", async () => {
    const byDate = (a: Truth, b: Truth) => (a.date < b.date ? -1 : 1);
    const counts = new Map<number, number>();
    for (const ride of truth)
      if (ride.series_id !== null) counts.set(ride.series_id, (counts.get(ride.series_id) ?? 0) + 1);
    const weekly = [...counts].find(([, count]) => count > 10)![0];
    const dates = truth.filter((ride) => ride.series_id === weekly).sort(byDate);
    // The dates 6 and 9 days on (the series starts two days ago).
    const [sixth, ninth] = [dates[8]!, dates[11]!];
    const passenger = await registerMember(suite.app, 'daypax');
    await ownerQuery(
      suite.db,
      `insert into public.ride_passengers (ride_id, user_id, dropoff_location)
       select unnest($1::integer[]), $2::integer, 'Bedok Mall'`,
      [[sixth.id, ninth.id], passenger.user.id],
    );
    const ids = async (client: TestClient, params: Record<string, string>) =>
      (await client.get<{ rides: RideListItem[] }>(query({ limit: '100', ...params }))).body.rides.map((r) => r.id);
    expect(await ids(passenger, { scope: 'joined', series: 'once' })).toEqual([sixth.id]);
    expect(await ids(passenger, { scope: 'joined', series: 'once', sort: 'latest' })).toEqual([sixth.id]);
    expect(await ids(passenger, { scope: 'joined' })).toEqual([sixth.id, ninth.id]);
    expect(await ids(passenger, { scope: 'joined', series: 'once', day: sgDay(Date.parse(ninth.date)) })).toEqual([
      ninth.id,
    ]);
    expect(await ids(organiser, { scope: 'organized', series: 'once', time: 'all' })).toEqual(
      await ids(suite.anonymous, { series: 'once', time: 'all' }),
    );
  });

  it('refuses each bad day, time of day or series with 400 and a message naming it', async () => {
    const cases: Array<[string, string]> = [
      ['day=friday', 'day'],
      ['day=', 'day'],
      ['day=2026-02-30', 'day'],
      ['day=2026-1-05', 'day'],
      ['day=20261205', 'day'],
      ['day=Today', 'day'],
      ['day=today&day=tomorrow', 'day'],
      ['timeOfDay=night', 'timeOfDay'],
      ['timeOfDay=', 'timeOfDay'],
      ['timeOfDay=Evening', 'timeOfDay'],
      ['series=all', 'series'],
      ['series=', 'series'],
      ['dayPart=evening', 'dayPart'],
    ];
    for (const [search, parameter] of cases) {
      const answer = await organiser.get(`/api/rides/page?${search}`);
      expect(answer.status, search).toBe(400);
      expect(answer.body.message, search).toContain(parameter);
    }
  });
});
