// Weekly series (issue 27): a ride repeated on chosen weekdays up to an end day, every date a
// real ride made at once; a passenger joins every date in one call (a full date puts them on its
// waitlist); followers and alert holders are told of a series once. On PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL. The limits (a series counts as one ride) are in
// ride-series-limits.test.ts.
import { describe, expect, it } from 'vitest';

import { expectRefusal } from '../support/accounts.ts';
import { createRide, type Member, registerMember } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { addDays, seriesBody, sgClock, sgDayOf, sgInstant, sgWeekday, weekdayAhead } from './ride-series-kit.ts';
import { joinBody } from './ride-test-kit.ts';

describe.each(backends)('weekly series on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let serial = 0;
  const member = (prefix: string): Promise<Member> => registerMember(suite.app, `${prefix}${(serial += 1)}`);

  // Every inbox row of one kind a member holds, with its params.
  async function inbox(who: Member, kind: string): Promise<Array<{ ride_id: number | null; params: any }>> {
    return ownerQuery(
      suite.db,
      'select ride_id, params from public.notifications where user_id = $1::integer and kind = $2::text order by id',
      [who.user.id, kind],
    );
  }

  it('creates a Monday + Friday series for 8 weeks: 16 rides at 6:30 am Singapore time, all in the series', async () => {
    const organiser = await member('org');
    const monday = weekdayAhead(1, 2);
    const answer = await organiser.post('/api/rides', seriesBody(monday, '06:30', [5, 1], 8));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.seriesId).toEqual(expect.any(Number));
    expect(sgDayOf(answer.body.date)).toBe(monday);

    const series = await organiser.get(`/api/series/${answer.body.seriesId}`);
    expect(series.status).toBe(200);
    expect(series.body).toMatchObject({
      id: answer.body.seriesId,
      creatorId: organiser.user.id,
      direction: 'SG->FC',
      weekdays: [1, 5],
      time: '06:30',
      endedAt: null,
      regular: null,
    });
    const dates = series.body.dates as Array<{ rideId: number; date: string; onRide: boolean; seatsLeft: number }>;
    expect(dates).toHaveLength(16);
    expect(dates[0]!.rideId).toBe(answer.body.id);
    expect(dates.map((date) => sgWeekday(date.date))).toEqual(Array.from({ length: 8 }, () => [1, 5]).flat());
    expect(new Set(dates.map((date) => sgClock(date.date)))).toEqual(new Set(['06:30']));
    // A week apart, date by date, whatever the server's own time zone.
    for (let i = 2; i < dates.length; i += 1) {
      expect(Date.parse(dates[i]!.date) - Date.parse(dates[i - 2]!.date)).toBe(7 * 24 * 3600 * 1000);
    }
    expect(series.body.until >= sgDayOf(dates[15]!.date)).toBe(true);
    expect(dates.every((date) => date.onRide && date.seatsLeft === 4)).toBe(true);

    // Each date is a ride of its own, naming its series wherever rides are read.
    const last = await organiser.get(`/api/rides/${dates[15]!.rideId}`);
    expect(last.body.seriesId).toBe(answer.body.seriesId);
    const page = await organiser.get('/api/rides/page?scope=organized&limit=100');
    expect(
      page.body.rides.filter((ride: { seriesId: number | null }) => ride.seriesId === answer.body.seriesId),
    ).toHaveLength(16);
    const single = await createRide(organiser);
    expect(single.seriesId).toBeNull();
    const offline = await organiser.get('/api/rides/user/offline');
    expect(offline.body.rides.find((kept: any) => kept.ride.id === dates[3]!.rideId).ride.seriesId).toBe(
      answer.body.seriesId,
    );

    // Visitors read it as they read rides: no part of their own.
    const seen = await suite.anonymous.get(`/api/series/${answer.body.seriesId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.dates).toHaveLength(16);
    expect(seen.body.dates.some((date: { onRide: boolean }) => date.onRide)).toBe(false);
    expect(seen.body.regular).toBeNull();
  });

  it('starts on the first chosen weekday on or after the given day, at its time', async () => {
    const organiser = await member('org');
    const wednesday = weekdayAhead(3, 2);
    const answer = await organiser.post('/api/rides', seriesBody(wednesday, '19:05', [5], 2));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(sgWeekday(answer.body.date)).toBe(5);
    expect(sgClock(answer.body.date)).toBe('19:05');
    const series = await organiser.get(`/api/series/${answer.body.seriesId}`);
    expect(series.body.dates).toHaveLength(2);
  });

  it('refuses bad series with a 400 that says why, and junk without a 5xx', async () => {
    const organiser = await member('org');
    const monday = weekdayAhead(1, 2);
    const refused = async (body: Record<string, unknown>, code: string) => {
      const answer = await organiser.post('/api/rides', body);
      expectRefusal(answer, 400);
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(code);
    };
    const base = seriesBody(monday, '06:30', [1], 2);
    const until = (days: number) => addDays(monday, days);
    await refused({ ...base, repeat: { weekdays: [1], until: until(85) } }, 'series_until_too_far');
    await refused({ ...base, repeat: { weekdays: [], until: until(14) } }, 'invalid_input');
    await refused({ ...base, repeat: { weekdays: [8], until: until(14) } }, 'invalid_input');
    await refused({ ...base, repeat: { weekdays: [1], until: until(-1) } }, 'series_until_before_start');
    await refused({ ...base, repeat: { weekdays: [2], until: until(0) } }, 'series_no_dates');
    await refused({ ...base, repeat: { weekdays: [1], until: '2026-02-30x' } }, 'invalid_input');
    // Twelve weeks to the day is the most.
    const longest = await organiser.post('/api/rides', { ...base, repeat: { weekdays: [1], until: until(84) } });
    expect(longest.status, JSON.stringify(longest.body)).toBe(201);
    expect((await organiser.get(`/api/series/${longest.body.seriesId}`)).body.dates).toHaveLength(13);

    for (const repeat of [null, 'weekly', 7, [1, 2], { weekdays: 'mon' }, { weekdays: [1.5], until: until(7) }, {}]) {
      const answer = await organiser.post('/api/rides', { ...base, repeat });
      expect(answer.status, JSON.stringify({ repeat, body: answer.body })).toBeLessThan(500);
    }
    for (const path of ['/api/series/0', '/api/series/abc', '/api/series/99999999999', '/api/series/2147483647']) {
      expect((await organiser.get(path)).status).toBeLessThan(500);
      expect((await organiser.post(`${path}/join`, joinBody())).status).toBeLessThan(500);
    }
    expect((await organiser.get('/api/series/2147483647')).body.code).toBe('series_not_found');
  });

  it('joins every upcoming date in one call: a full date puts the passenger on its waitlist; the organiser is told once', async () => {
    const organiser = await member('org');
    const amy = await member('amy');
    const ben = await member('ben');
    const created = await organiser.post('/api/rides', {
      ...seriesBody(weekdayAhead(1, 2), '07:00', [1, 5], 2),
      maxPassengers: 2,
    });
    const seriesId = created.body.seriesId as number;
    const dates = (await organiser.get(`/api/series/${seriesId}`)).body.dates.map((d: { rideId: number }) => d.rideId);
    expect(dates).toHaveLength(4);
    // Amy takes the one free seat of the second date.
    expect((await amy.post(`/api/rides/${dates[1]}/join`, joinBody())).status).toBe(201);

    const joined = await ben.post(`/api/series/${seriesId}/join`, { passengerCount: 1, dropoffLocation: 'Tampines' });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toEqual({ joined: [dates[0], dates[2], dates[3]], waitlisted: [dates[1]], alreadyOn: [] });
    const seen = await ben.get(`/api/series/${seriesId}`);
    expect(seen.body.dates.map((d: { onRide: boolean }) => d.onRide)).toEqual([true, false, true, true]);
    expect(seen.body.dates.map((d: { onWaitlist: boolean }) => d.onWaitlist)).toEqual([false, true, false, false]);
    expect(seen.body.regular).toEqual({ passengerCount: 1, dropoffLocation: 'Tampines' });
    expect((await ben.get(`/api/rides/${dates[2]}/passengers`)).body.some((p: any) => p.userId === ben.user.id)).toBe(
      true,
    );

    // Told once, for the three dates, not three times; Amy's own join is told as before.
    const told = (await inbox(organiser, 'passenger_joined')).filter((row) => row.params.seriesId === seriesId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ ride_id: dates[0], params: { dates: 3, seriesId } });

    // Again: nothing new, every date already theirs.
    const again = await ben.post(`/api/series/${seriesId}/join`, joinBody());
    expect(again.body).toEqual({ joined: [], waitlisted: [], alreadyOn: dates });

    const own = await organiser.post(`/api/series/${seriesId}/join`, joinBody());
    expectRefusal(own, 409);
    expect(own.body.code).toBe('own_series');
    expectRefusal(await suite.anonymous.post(`/api/series/${seriesId}/join`, joinBody()), 401);
    const bad = await amy.post(`/api/series/${seriesId}/join`, { passengerCount: 0, dropoffLocation: 'x' });
    expectRefusal(bad, 400);
  });

  it('refuses a member the organiser blocked, for the whole series', async () => {
    const organiser = await member('org');
    const blocked = await member('blocked');
    expect((await organiser.post(`/api/blocks/${blocked.user.id}`)).status).toBe(200);
    const created = await organiser.post('/api/rides', seriesBody(weekdayAhead(2, 2), '08:00', [2], 3));
    const answer = await blocked.post(`/api/series/${created.body.seriesId}/join`, joinBody());
    expectRefusal(answer, 403);
    expect(answer.body.code).toBe('join_not_allowed');
    const [{ n }] = await ownerQuery<{ n: number }>(
      suite.db,
      'select count(*)::int as n from public.ride_passengers p join public.rides r on r.id = p.ride_id where r.series_id = $1::integer',
      [created.body.seriesId],
    );
    expect(n).toBe(0);
  });

  it('tells a follower and an alert holder of a series once, not once per date', async () => {
    const organiser = await member('org');
    const follower = await member('follower');
    const watcher = await member('watcher');
    // The follower rode with the organiser once.
    const past = await createRide(organiser);
    expect((await follower.post(`/api/rides/${past.id}/join`, joinBody())).status).toBe(201);
    expect((await follower.post(`/api/organisers/${organiser.user.id}/follow`)).status).toBeLessThan(300);
    // The watcher wants Friday mornings to Forest City.
    const alert = await watcher.post('/api/ride-alerts', {
      direction: 'SG->FC',
      weekdays: [5],
      windowStart: '06:00',
      windowEnd: '09:00',
    });
    expect(alert.status, JSON.stringify(alert.body)).toBe(201);

    const created = await organiser.post('/api/rides', seriesBody(weekdayAhead(1, 2), '07:15', [1, 3, 5], 4));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const seriesId = created.body.seriesId;

    const followed = (await inbox(follower, 'organiser_ride')).filter((row) => row.params.seriesId === seriesId);
    expect(followed).toHaveLength(1);
    expect(followed[0]).toMatchObject({ ride_id: created.body.id, params: { dates: 12 } });
    const alerted = (await inbox(watcher, 'ride_alert')).filter((row) => row.params.seriesId === seriesId);
    expect(alerted).toHaveLength(1);
    expect(sgWeekday(alerted[0]!.params.date)).toBe(5);

    // A single ride still tells them as before.
    const single = await createRide(organiser, { date: sgInstant(weekdayAhead(5, 30), '07:30') });
    expect((await inbox(follower, 'organiser_ride')).filter((row) => row.ride_id === single.id)).toHaveLength(1);
    expect((await inbox(watcher, 'ride_alert')).filter((row) => row.ride_id === single.id)).toHaveLength(1);
  });
});
