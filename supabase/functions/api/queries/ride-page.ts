import { TIME_OF_DAY_HOURS } from '../../_shared/day-filters.ts';
import { encodeRideCursor, RIDE_LIST_TIME_ZONE, type RidePageQuery } from '../../_shared/schemas/ride-page.ts';
import type { RideListScope } from '../../_shared/types/ride.ts';
import type { RequestDb } from '../lib/database.ts';
import { isoTimestamp, rideStartJson } from './sql.ts';

// One page of GET /api/rides/page (docs/decisions/0009-windowed-ride-lists.md), built in one
// statement: the page's keys by keyset on (date, id) through rides_date_id_idx, then the
// `RideListItem`s of those rows only, the next cursor, and the data version. One statement is
// one snapshot, so the version returned is exactly the data's (the list cache relies on it).

type Group = 'upcoming' | 'week' | 'past';

// Where a scope's keys come from, in (date, id) order. Every scope but "joined" walks an index
// of rides on (date, id) or (its member column, date, id); "joined" walks the member's own
// entries by ride_passengers_user_date_idx (issue 36 §3), whose ride_date the database keeps
// equal to the ride's date, so its pages read the member's rows only, whatever the history.
interface KeySource {
  from: string;
  date: string;
  id: string;
  filter: string;
  // The same scope said of another rides row (`alias`): the other dates of a series (ADR 0037).
  rideFilter: (alias: string) => string;
}

const rideKeys = (filter: (alias: string) => string): KeySource => ({
  from: 'public.rides r',
  date: 'r.date',
  id: 'r.id',
  filter: filter('r'),
  rideFilter: filter,
});

// The caller's id is asked as app.current_user_id() itself, not through a subquery: the planner
// folds a stable function to estimate its rows (the member's 1 ride), while a subquery's value
// is unknown when planning, and on PGlite at 50,000 rides held by a few organisers that plan
// walked rides_date_id_idx for a member who organises one ride (72 -> 1,590 pages).
const keySources: Record<RideListScope, KeySource> = {
  all: rideKeys(() => 'true'),
  organized: rideKeys((r) => `${r}.organiser_id = app.current_user_id()`),
  joined: {
    from: 'public.ride_passengers p join public.rides r on r.id = p.ride_id',
    date: 'p.ride_date',
    id: 'p.ride_id',
    filter: 'p.user_id = (select app.current_user_id())',
    rideFilter: (r) => `exists (
        select 1 from public.ride_passengers q where q.ride_id = ${r}.id and q.user_id = (select app.current_user_id())
      )`,
  },
  assigned: rideKeys((r) => `${r}.vendor_id = app.current_user_id()`),
  available: rideKeys((r) => `${r}.status = 'open'`),
};

// Exact to the microsecond: the cursor must name the row it stopped at, and rows dated with SQL
// may carry microseconds that JavaScript's milliseconds would round away.
function microsecondIso(expression: string): string {
  return `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

// What a card shows (`RideListItem`), the same for visitors and members: the organiser's name
// is the one user column visitors may read.
const LIST_ITEM_JSON = `json_build_object(
    'id', r.id,
    'creatorId', r.organiser_id,
    'direction', r.direction,
    'date', ${isoTimestamp('r.date')},
    'maxPassengers', r.max_passengers,
    'currentPassengers', r.current_passengers,
    ${rideStartJson('r')},
    'dropoffLocations', r.dropoff_locations,
    'status', r.status,
    'vendorId', r.vendor_id,
    'cost', r.cost,
    'additionalStops', r.additional_stops,
    'organizerName', u.name,
    'seriesId', r.series_id
  )`;

class Params {
  readonly values: unknown[] = [];

  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }

  // Sent as text and cast by Postgres: a driver that knows the parameter is a timestamptz
  // (postgres.js does) would turn the string into a JavaScript Date and drop the microseconds.
  addTimestamp(value: string | null): string {
    return `${this.add(value, 'text')}::timestamptz`;
  }
}

function groupsOf(query: RidePageQuery): Group[] {
  const groups: Group[] = query.time === 'all' ? ['upcoming', 'past'] : [query.time];
  // SPEC's vendor list: open rides that can still be assigned.
  const allowed = query.scope === 'available' ? groups.filter((group) => group !== 'past') : groups;
  // Groups the cursor has already left behind.
  if (query.cursor?.group === 'past') return allowed.filter((group) => group === 'past');
  return allowed;
}

export interface RidePageResult {
  // The `RidePage` as JSON text.
  json: string;
  version: string;
}

// The rides of members the caller blocked (issue 26 §1), left out of the everyone lists of a
// member who blocked someone; member_blocks' policy shows the caller their own blocks only.
const notBlockedByCaller = (r: string) => `not exists (
    select 1 from public.member_blocks b
     where b.blocker_id = (select app.current_user_id()) and b.blocked_id = ${r}.organiser_id
  )`;
export const NOT_BLOCKED_BY_CALLER = notBlockedByCaller('r');

// The first and last Singapore day a `day` choice covers, as SQL dates. "Today" is the day
// before the week's end counted back from the first page's bounds, so every later page of the
// list means the same days even after midnight; the weekend is the coming Saturday and Sunday,
// or what is left of it (on a Sunday, that Sunday).
function dayRange(day: string, params: Params): [string, string] {
  const today = `((select week_end from bounds) at time zone '${RIDE_LIST_TIME_ZONE}')::date - 7`;
  if (day === 'today') return [`(${today})`, `(${today})`];
  if (day === 'tomorrow') return [`(${today} + 1)`, `(${today} + 1)`];
  if (day === 'weekend') {
    const isodow = `extract(isodow from ${today})::integer`;
    return [`(${today} + greatest(0, 6 - ${isodow}))`, `(${today} + (7 - ${isodow}))`];
  }
  const date = params.add(day, 'date');
  return [date, date];
}

export async function readRidePage(
  db: RequestDb,
  query: RidePageQuery,
  options: { hideBlocked?: boolean } = {},
): Promise<RidePageResult> {
  const params = new Params();
  // A first page splits upcoming from past just after the last ride that has departed (or at
  // now() when none has): the same split as now() itself, but one that moves only when a ride
  // departs, so the page, its cursor and its ETag stay the same from one rebuild of the cache to
  // the next. "This Week" ends at midnight, Singapore time, starting the 7th day after today.
  const bounds = `select
      coalesce(
        ${params.addTimestamp(query.cursor?.boundary ?? null)},
        (select max(d.date) + interval '1 microsecond' from public.rides d where d.date < now()),
        now()
      ) as split,
      coalesce(
        ${params.addTimestamp(query.cursor?.weekEnd ?? null)},
        (date_trunc('day', now() at time zone '${RIDE_LIST_TIME_ZONE}') + interval '7 days')
          at time zone '${RIDE_LIST_TIME_ZONE}'
      ) as week_end`;
  let days = '';
  if (query.day) {
    const [first, last] = dayRange(query.day, params);
    days = `, days as (select (${first}::timestamp at time zone '${RIDE_LIST_TIME_ZONE}') as day_start,
                              ((${last} + 1)::timestamp at time zone '${RIDE_LIST_TIME_ZONE}') as day_end)`;
  }
  const split = '(select split from bounds)';
  const weekEnd = '(select week_end from bounds)';
  const fetch = params.add(query.limit + 1, 'integer');
  const order = query.sort === 'earliest' ? 'asc' : 'desc';
  const source = keySources[query.scope];
  const direction = query.direction ? params.add(query.direction, 'public.ride_direction') : null;
  // The filters on a ride's own columns, said of rides row `r` dated `at` (for the joined list,
  // its entry's ride_date, which the database keeps equal to the ride's date).
  const rideFilters = (r: string, at: string) => {
    const where: string[] = [];
    if (options.hideBlocked) where.push(notBlockedByCaller(r));
    if (direction) where.push(`${r}.direction = ${direction}`);
    // A range of the date itself, so the keyset walk starts at the day through the index.
    if (query.day) where.push(`${at} >= (select day_start from days)`, `${at} < (select day_end from days)`);
    if (query.timeOfDay) {
      const [from, until] = TIME_OF_DAY_HOURS[query.timeOfDay];
      const hour = `extract(hour from ${at} at time zone '${RIDE_LIST_TIME_ZONE}')`;
      if (from > 0) where.push(`${hour} >= ${from}`);
      if (until < 24) where.push(`${hour} < ${until}`);
    }
    return where;
  };
  const common = [source.filter, ...rideFilters('r', source.date)];
  const cursorKey = query.cursor
    ? `(${params.addTimestamp(query.cursor.date)}, ${params.add(query.cursor.id, 'integer')})`
    : null;

  const { date, id } = source;
  const windowOf = (group: Group, at: string): string[] =>
    ({
      upcoming: [`${at} >= ${split}`],
      week: [`${at} >= ${split}`, `${at} < ${weekEnd}`],
      past: [`${at} < ${split}`],
    })[group];
  // A weekly series once (ADR 0037): the date of it that comes first in the group, under every
  // other filter (the next one; in the past group, the latest). Whichever the page's order, the
  // same row stands for the series on every page, so paging stays exact.
  const seriesOnce = (group: Group) => {
    const before = group === 'past' ? '>' : '<';
    const other = ['s.series_id = r.series_id', `(s.date, s.id) ${before} (r.date, r.id)`];
    // Under "all", a series with a date to come is shown by that date only, not by a past one too.
    if (!(group === 'past' && query.time === 'all')) other.push(...windowOf(group, 's.date'));
    other.push(source.rideFilter('s'), ...rideFilters('s', 's.date'));
    return `(r.series_id is null or not exists (select 1 from public.rides s where ${other.join(' and ')}))`;
  };
  const branch = (rank: number, group: Group | null, withCursor: boolean) => {
    const where = group ? [...windowOf(group, date), ...common] : ['false', ...common];
    if (group && query.series === 'once') where.push(seriesOnce(group));
    if (cursorKey && withCursor) where.push(`(${date}, ${id}) ${order === 'asc' ? '>' : '<'} ${cursorKey}`);
    return `(select ${rank} as rank, ${id} as id, ${date} as date from ${source.from}
       where ${where.join(' and ')}
       order by ${date} ${order}, ${id} ${order}
       limit ${fetch})`;
  };
  const groups = groupsOf(query);
  // The cursor applies within its own group; a later group starts from its beginning.
  const branches = groups.map((group) =>
    branch(group === 'past' ? 1 : 0, group, (query.cursor?.group === 'past') === (group === 'past')),
  );
  // Nothing to list (past rides for vendors): an empty page, the parameters still all named.
  const keys = branches.length > 0 ? branches.join(' union all ') : branch(0, null, true);

  const limit = params.add(query.limit, 'integer');
  const [row] = await db.query<{
    rides: string;
    next_rank: number | null;
    next_date: string | null;
    next_id: number | null;
    boundary: string;
    week_end: string;
    version: string;
  }>(
    `with bounds as (${bounds})${days},
     keys as (${keys}),
     page as (
       select k.rank, k.id, k.date, row_number() over (order by k.rank, k.date ${order}, k.id ${order}) as n
         from keys k
     ),
     last_shown as (
       select p.rank, p.date, p.id from page p
        where p.n = ${limit} and exists (select 1 from page q where q.n > ${limit})
     )
     select
       coalesce((
         select json_agg(${LIST_ITEM_JSON} order by p.n)
           from page p
           join public.rides r on r.id = p.id
           left join public.users u on u.id = r.organiser_id
          where p.n <= ${limit}
       ), '[]'::json)::text as rides,
       (select rank from last_shown) as next_rank,
       (select ${microsecondIso('date')} from last_shown) as next_date,
       (select id from last_shown) as next_id,
       (select ${microsecondIso('split')} from bounds) as boundary,
       (select ${microsecondIso('week_end')} from bounds) as week_end,
       app.ride_list_version()::text as version`,
    params.values,
  );
  const result = row!;
  const nextCursor =
    result.next_id === null
      ? null
      : encodeRideCursor({
          group: result.next_rank === 1 ? 'past' : 'upcoming',
          boundary: result.boundary,
          weekEnd: result.week_end,
          date: result.next_date!,
          id: result.next_id,
        });
  return { json: `{"rides":${result.rides},"nextCursor":${JSON.stringify(nextCursor)}}`, version: result.version };
}
