// The limits that fit a weekly series (issue 27, docs/organising.md "Weekly rides"): a series counts as one
// ride against rides:upcoming (10) and rides:created (30 a day), and a member runs at most 2
// series at once (series:running). With the limits as shipped, on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { describe, expect, it } from 'vitest';

import { countRows, expectRefusal } from '../support/accounts.ts';
import { futureDate, type Member, registerMember, rideBody } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { seriesBody, weekdayAhead } from './ride-series-kit.ts';

describe.each(backends)('weekly series limits on %s', (backend) => {
  const suite = useSuite(backend);
  let serial = 0;
  const member = (prefix: string): Promise<Member> => registerMember(suite.app, `${prefix}${(serial += 1)}`);

  // A weekday commuter's series: Monday to Friday for 12 weeks, 60 dates.
  const commute = () => seriesBody(weekdayAhead(1, 2), '06:30', [1, 2, 3, 4, 5], 12);

  async function singles(organiser: Member, count: number): Promise<void> {
    for (let day = 1; day <= count; day += 1) {
      const answer = await organiser.post('/api/rides', rideBody({ date: futureDate(day) }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
  }

  async function created(organiser: Member): Promise<number> {
    const [row] = await ownerQuery<{ n: number }>(
      suite.db,
      "select count(*)::int as n from private.throttle_events where limit_name = 'rides:created' and subject = $1::text",
      [String(organiser.user.id)],
    );
    return row!.n;
  }

  it('counts a series as one upcoming ride: 9 single rides and a 60-date series fit, a 10th single does not', async () => {
    const organiser = await member('commuter');
    await singles(organiser, 9);
    const series = await organiser.post('/api/rides', commute());
    expect(series.status, JSON.stringify(series.body)).toBe(201);
    expect(await countRows(suite.db, 'public.rides', 'series_id = $1', [series.body.seriesId])).toBe(60);
    // Counted once against the rides created today, too.
    expect(await created(organiser)).toBe(10);

    const tenth = await organiser.post('/api/rides', rideBody({ date: futureDate(20) }));
    expectRefusal(tenth, 429);
    expect(tenth.body.code).toBe('too_many_upcoming_rides');
    expect(tenth.body.message).toMatch(/^You already have 10 upcoming rides, the most allowed\./);
  });

  it('refuses a series to a member with 10 single upcoming rides, and lets one in when a ride goes', async () => {
    const organiser = await member('busy');
    await singles(organiser, 10);
    const refused = await organiser.post('/api/rides', commute());
    expectRefusal(refused, 429);
    expect(refused.body.code).toBe('too_many_upcoming_rides');
    expect(refused.headers.get('retry-after')).toMatch(/^[0-9]+$/);
    expect(await countRows(suite.db, 'public.rides', 'organiser_id = $1', [organiser.user.id])).toBe(10);
    expect(await countRows(suite.db, 'public.ride_series', 'organiser_id = $1', [organiser.user.id])).toBe(0);

    const [first] = await ownerQuery<{ id: number }>(
      suite.db,
      'select id from public.rides where organiser_id = $1::integer order by date limit 1',
      [organiser.user.id],
    );
    expect((await organiser.delete(`/api/rides/${first!.id}`)).status).toBe(200);
    expect((await organiser.post('/api/rides', commute())).status).toBe(201);
  });

  it('runs at most 2 series at once: the 3rd is refused (429) until one has ended', async () => {
    const organiser = await member('runner');
    expect((await organiser.post('/api/rides', commute())).status).toBe(201);
    const second = await organiser.post('/api/rides', seriesBody(weekdayAhead(6, 2), '09:00', [6], 4));
    expect(second.status).toBe(201);
    const third = await organiser.post('/api/rides', seriesBody(weekdayAhead(7, 2), '10:00', [7], 4));
    expectRefusal(third, 429);
    expect(third.body.code).toBe('too_many_series');
    expect(third.body.message).toMatch(/^You already run 2 weekly rides, the most allowed\. Please try again in /);
    const retry = Number(third.headers.get('retry-after'));
    // The shorter series' last date is 3 to 5 weeks away.
    expect(retry).toBeGreaterThan(20 * 24 * 3600);
    expect(retry).toBeLessThanOrEqual(5 * 7 * 24 * 3600);
    // Three series are 3 upcoming rides, far below 10: only the series limit refused it.
    expect(await countRows(suite.db, 'public.ride_series', 'organiser_id = $1', [organiser.user.id])).toBe(2);

    // A series whose dates have all left no longer runs.
    await ownerQuery(
      suite.db,
      "update public.rides set date = now() - interval '1 hour' where series_id = $1::integer",
      [second.body.seriesId],
    );
    expect((await organiser.post('/api/rides', seriesBody(weekdayAhead(7, 2), '10:00', [7], 4))).status).toBe(201);
  });
});
