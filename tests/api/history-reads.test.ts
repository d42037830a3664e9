// Two years of history (issue 36): what a member reads when they open the app must not read a
// number of rides that grows with the community's history. Checked by the plan's own account of
// the rows it read (EXPLAIN ANALYZE), on a history of 3,000 past rides of which the member was
// on 20: a read that filters the whole history examines thousands of rows, one that starts
// from the member's own rows examines tens.
import { beforeAll, describe, expect, it } from 'vitest';

import { type Member, registerMember } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { seedHistory } from '../support/history-seeding.ts';
import { useSuite } from '../support/suite.ts';

const HISTORY = 3_000;
const MEMBER_PAST_RIDES = 20;
const HISTORY_TABLES = new Set(['rides', 'ride_passengers']);

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

// Rows each scan of rides or ride_passengers handed on or threw away, over all its loops.
function historyRowsExamined(node: PlanNode): number {
  const own =
    node['Relation Name'] && HISTORY_TABLES.has(node['Relation Name'])
      ? ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + historyRowsExamined(child), 0);
}

describe.each(oneBackend)('reads that stay flat with history on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let commuter: Member;
  let regular: Member;

  beforeAll(async () => {
    [organiser, commuter, regular] = await Promise.all([
      registerMember(suite.app, 'histOrg'),
      registerMember(suite.app, 'histCommuter'),
      registerMember(suite.app, 'histRegular'),
    ]);
    // Arranged as the owner, as dated-back rows would be (seedHistory): the community's past
    // rides, a regular on every one of them, the commuter on the first 20.
    await seedHistory(suite.db.database, async (tx) => {
      await tx.query(
        `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location, dropoff_locations)
         select $1::integer, 'SG->FC', now() - g * interval '5 hours', 4, 'Pasir Ris MRT',
                '[{"location": "Tampines Mall", "passengerCount": 1}]'::jsonb
           from generate_series(1, ${HISTORY}) g`,
        [organiser.user.id],
      );
      await tx.query(
        `insert into public.ride_passengers (ride_id, user_id, dropoff_location)
         select id, $1::integer, 'Bedok Mall' from public.rides where organiser_id = $2::integer`,
        [regular.user.id, organiser.user.id],
      );
      await tx.query(
        `insert into public.ride_passengers (ride_id, user_id, dropoff_location)
         select id, $1::integer, 'Tampines Mall' from public.rides where organiser_id = $2::integer
          order by id limit ${MEMBER_PAST_RIDES}`,
        [commuter.user.id, organiser.user.id],
      );
    });
    await ownerQuery(suite.db, 'analyze public.rides, public.ride_passengers');
  });

  // The function's own text, run with the member's id in place of its parameter.
  async function rowsReadBy(fn: string, parameter = '', userId = 0): Promise<number> {
    const [source] = await ownerQuery<{ prosrc: string }>(
      suite.db,
      `select p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'app' and p.proname = $1`,
      [fn],
    );
    const body = parameter
      ? source!.prosrc.replace(new RegExp(`\\b${parameter}\\b`, 'g'), `${userId}::integer`)
      : source!.prosrc;
    const [explained] = await ownerQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      suite.db,
      `explain (analyze, format json) ${body}`,
    );
    return historyRowsExamined(explained!['QUERY PLAN'][0]!.Plan);
  }

  it("counts a member's trips from their own rows, not the community's history", async () => {
    const record = await commuter.get(`/api/users/${commuter.user.id}/record`);
    expect(record.body).toMatchObject({ trips: MEMBER_PAST_RIDES, noShows: 0 });
    const organised = await commuter.get(`/api/users/${organiser.user.id}/record`);
    expect(organised.body).toMatchObject({ trips: HISTORY });

    // A kept count less the upcoming entries: neither the commuter's 20 past trips nor the
    // organiser's 3,000 are read.
    for (const member of [commuter, organiser, regular]) {
      const read = await rowsReadBy('member_record_json', 'p_user_id', member.user.id);
      expect(read, `rows of rides and ride_passengers examined for member ${member.user.id}`).toBeLessThanOrEqual(2);
    }
  });

  const truth = async () => {
    const [row] = await ownerQuery<{ rides: number; users: number }>(
      suite.db,
      'select (select count(*)::int from public.rides) as rides, (select count(*)::int from public.users) as users',
    );
    return { totalRides: row!.rides, totalUsers: row!.users };
  };

  it("keeps the community's counts as rides and members come and go, reading no ride", async () => {
    expect((await suite.anonymous.get('/api/stats')).body).toEqual(await truth());
    expect(await rowsReadBy('community_stats')).toBe(0);

    // A member who organised rides leaves: their account and its rides go in one statement each.
    const leaver = await registerMember(suite.app, 'histLeaver');
    await ownerQuery(
      suite.db,
      `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location)
       select $1::integer, 'FC->SG', now() + g * interval '1 day', 4, 'Forest City' from generate_series(1, 3) g`,
      [leaver.user.id],
    );
    expect((await suite.anonymous.get('/api/stats')).body).toEqual(await truth());
    await ownerQuery(suite.db, 'delete from public.users where id = $1::integer', [leaver.user.id]);
    const after = await truth();
    expect((await suite.anonymous.get('/api/stats')).body).toEqual(after);
    expect(after.totalRides).toBe(HISTORY);
  });
});
