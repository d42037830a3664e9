// Weekly series (issue 27): a ride repeated on chosen weekdays up to an end day, every date a
// real ride made at once; a passenger joins every date in one call (a full date puts them on its
// waitlist); followers and alert holders are told of a series once. On PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL. The limits (a series counts as one ride) are in
// ride-series-limits.test.ts.
import { describe, expect, it } from 'vitest';

import { notificationText } from '../../supabase/functions/_shared/notification-push-text.ts';
import { notificationPath } from '../../supabase/functions/_shared/notification-text.ts';
import { expectRefusal } from '../support/accounts.ts';
import { createRide, type Member, PASSWORD, registerMember } from '../support/api-client.ts';
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

  // A series of `weeks` weeks on `weekdays` by a new organiser, a regular who joined every date,
  // and its dates' ride ids.
  async function seriesWithRegular(weekdays: number[], weeks: number, overrides: Record<string, unknown> = {}) {
    const organiser = await member('org');
    const regular = await member('regular');
    const created = await organiser.post('/api/rides', {
      ...seriesBody(weekdayAhead(1, 2), '07:00', weekdays, weeks),
      ...overrides,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const seriesId = created.body.seriesId as number;
    const dates: number[] = (await organiser.get(`/api/series/${seriesId}`)).body.dates.map(
      (d: { rideId: number }) => d.rideId,
    );
    expect((await regular.post(`/api/series/${seriesId}/join`, joinBody())).status).toBe(200);
    return { organiser, regular, seriesId, dates };
  }

  async function rideRow(rideId: number) {
    const [row] = await ownerQuery<{ date: string; pickup: string; max: number } | undefined>(
      suite.db,
      `select to_char(date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, pickup_location as pickup,
              max_passengers::int as max
         from public.rides where id = $1::integer`,
      [rideId],
    );
    return row;
  }

  it('leaves this and every later date, seats and waitlist places; the organiser is told once', async () => {
    const { organiser, regular, seriesId, dates } = await seriesWithRegular([1, 5], 2, { maxPassengers: 2 });
    // A second series' ride is not a date of this one.
    const other = await organiser.post('/api/rides', seriesBody(weekdayAhead(3, 2), '09:00', [3], 1));
    const wrong = await regular.post(`/api/series/${seriesId}/leave`, { fromRideId: other.body.id });
    expectRefusal(wrong, 404);
    expect(wrong.body.code).toBe('series_ride_not_found');

    // Someone waits for the fourth date's seat, which the regular holds.
    const waiting = await member('waiting');
    expect((await waiting.post(`/api/rides/${dates[3]}/waitlist`, joinBody())).status).toBe(201);
    const left = await regular.post(`/api/series/${seriesId}/leave`, { fromRideId: dates[1] });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body).toEqual({ left: [dates[1], dates[2], dates[3]] });

    const seen = await regular.get(`/api/series/${seriesId}`);
    expect(seen.body.dates.map((d: { onRide: boolean }) => d.onRide)).toEqual([true, false, false, false]);
    expect(seen.body.regular).toBeNull();
    // The seat freed went to the one waiting, as when one leaves one date.
    expect((await waiting.get(`/api/series/${seriesId}`)).body.dates[3].onRide).toBe(true);
    const told = (await inbox(organiser, 'passenger_left')).filter((row) => row.params.seriesId === seriesId);
    expect(told).toEqual([
      expect.objectContaining({ ride_id: dates[1], params: expect.objectContaining({ dates: 3 }) }),
    ]);
    expect((await regular.post(`/api/series/${seriesId}/leave`, { fromRideId: dates[1] })).body).toEqual({ left: [] });
    for (const body of [{}, { fromRideId: 'x' }, { fromRideId: -1 }, { fromRideId: 2 ** 40 }, []]) {
      expectRefusal(await regular.post(`/api/series/${seriesId}/leave`, body), 400);
    }
  });

  it('changes this and every later date: each keeps its day and takes the new time; members are told once', async () => {
    const { organiser, regular, seriesId, dates } = await seriesWithRegular([1, 5], 3);
    expect(dates).toHaveLength(6);
    const before = await Promise.all(dates.map(rideRow));
    const edits = async () =>
      (
        await ownerQuery<{ n: number }>(
          suite.db,
          "select count(*)::int as n from private.throttle_events where limit_name = 'rides:edits' and subject = $1::text",
          [String(organiser.user.id)],
        )
      )[0]!.n;
    const editsBefore = await edits();

    const day = sgDayOf(before[2]!.date);
    const body = { ...seriesBody(day, '08:15', [1], 1), pickupLocation: 'Tampines MRT', applyTo: 'following' };
    delete (body as Record<string, unknown>).repeat;
    const changed = await organiser.patch(`/api/rides/${dates[2]}`, body);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ id: dates[2], seriesId, pickupLocation: 'Tampines MRT' });

    const after = await Promise.all(dates.map(rideRow));
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    for (let i = 2; i < 6; i += 1) {
      expect(sgDayOf(after[i]!.date)).toBe(sgDayOf(before[i]!.date));
      expect(sgClock(after[i]!.date)).toBe('08:15');
      expect(after[i]!.pickup).toBe('Tampines MRT');
    }
    expect((await organiser.get(`/api/series/${seriesId}`)).body.time).toBe('08:15');
    expect(await edits()).toBe(editsBefore + 1);

    // Told once, about the first changed date, with what it was.
    const told = (await inbox(regular, 'ride_changed')).filter((row) => row.params.seriesId === seriesId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      ride_id: dates[2],
      params: { dates: 4, previousDate: before[2]!.date, date: after[2]!.date, previousPickup: 'Pasir Ris MRT' },
    });
    expect(told[0]!.params.changed).toEqual(['date', 'pickup']);
    expect(notificationText('ride_changed', told[0]!.params).body).toMatch(
      /moved: .* → 8:15 am\. Its pickup changed too\. The same goes for the 3 later dates of this weekly ride\.$/,
    );
    expect((await inbox(organiser, 'ride_changed')).filter((row) => row.params.seriesId === seriesId)).toEqual([]);

    // One date alone, as before: the others stay.
    const one = await organiser.patch(`/api/rides/${dates[4]}`, {
      ...body,
      date: sgInstant(sgDayOf(before[4]!.date), '09:00'),
      applyTo: 'this',
    });
    expect(one.status).toBe(200);
    expect(sgClock((await rideRow(dates[5]))!.date)).toBe('08:15');

    const refused = async (
      who: Member,
      rideId: number,
      patch: Record<string, unknown>,
      status: number,
      code: string,
    ) => {
      const answer = await who.patch(`/api/rides/${rideId}`, { ...body, ...patch });
      expectRefusal(answer, status);
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(code);
    };
    // Another day for this and every later date: not with 'following'.
    await refused(
      organiser,
      dates[3],
      { date: sgInstant(sgDayOf(before[4]!.date), '08:15') },
      400,
      'series_day_change',
    );
    await refused(regular, dates[3], { date: after[3]!.date }, 403, 'not_ride_editor');
    const single = await createRide(organiser);
    await refused(organiser, single.id, { date: single.date }, 400, 'not_in_series');
    // The regular's seat is on every later date: one seat fewer than they hold is refused.
    await refused(organiser, dates[3], { date: after[3]!.date, maxPassengers: 1 }, 409, 'series_seats_taken');
    expect((await organiser.patch(`/api/rides/${dates[3]}`, { ...body, applyTo: 'sometimes' })).status).toBe(400);
  });

  it('cancels this and every later date, and ends a series: each member told once', async () => {
    const { organiser, regular, seriesId, dates } = await seriesWithRegular([1, 3, 5], 2);
    expect(dates).toHaveLength(6);
    const bogus = await organiser.delete(`/api/rides/${dates[2]}?applyTo=sometimes`);
    expectRefusal(bogus, 400);
    expectRefusal(await organiser.delete(`/api/rides/${dates[2]}?applyTo=following&applyTo=this`), 400);
    expectRefusal(await regular.delete(`/api/rides/${dates[2]}?applyTo=following`), 403);

    const cancelled = await organiser.delete(`/api/rides/${dates[3]}?applyTo=following`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toEqual({ cancelled: 3 });
    for (const rideId of dates.slice(3)) expect((await organiser.get(`/api/rides/${rideId}`)).status).toBe(404);
    let told = (await inbox(regular, 'ride_deleted')).filter((row) => row.params.seriesId === seriesId);
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ rideId: dates[3], dates: 3 });
    expect(notificationText('ride_deleted', told[0]!.params).body).toMatch(
      /was deleted\. The same goes for the 2 later dates of this weekly ride\.$/,
    );

    // One date alone, as before.
    expect((await organiser.delete(`/api/rides/${dates[2]}`)).status).toBe(200);
    told = (await inbox(regular, 'ride_deleted')).filter((row) => row.params.rideId === dates[2]);
    expect(told).toHaveLength(1);
    expect(notificationText('ride_deleted', told[0]!.params).body).not.toMatch(/weekly/);

    expectRefusal(await regular.post(`/api/series/${seriesId}/end`), 403);
    const ended = await organiser.post(`/api/series/${seriesId}/end`);
    expect(ended.body).toEqual({ cancelled: 2 });
    const series = await regular.get(`/api/series/${seriesId}`);
    expect(series.body.endedAt).toEqual(expect.any(String));
    expect(series.body.dates).toEqual([]);
    told = (await inbox(regular, 'ride_deleted')).filter(
      (row) => row.params.seriesId === seriesId && row.params.rideId === dates[0],
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.params.dates).toBe(2);
    expect(notificationText('ride_deleted', told[0]!.params).body).toMatch(
      /The same goes for the next date of this weekly ride\.$/,
    );
    expect((await organiser.post(`/api/series/${seriesId}/end`)).body).toEqual({ cancelled: 0 });
    const late = await regular.post(`/api/series/${seriesId}/join`, joinBody());
    expectRefusal(late, 409);
    expect(late.body.code).toBe('series_ended');
  });

  it('ends the series of an organiser who deletes their account, each member told once', async () => {
    const { organiser, regular, seriesId, dates } = await seriesWithRegular([2, 4], 2);
    const deleted = await organiser.post('/api/account/delete', { currentPassword: PASSWORD });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.ridesCancelled).toBe(dates.length);
    const series = await regular.get(`/api/series/${seriesId}`);
    expect(series.body.endedAt).toEqual(expect.any(String));
    expect(series.body.dates).toEqual([]);
    const told = (await inbox(regular, 'ride_deleted')).filter((row) => row.params.seriesId === seriesId);
    expect(told).toHaveLength(1);
    expect(told[0]!.params.dates).toBe(dates.length);
  });

  it('moves the end later: new dates are made and each regular is told once, with a link to join them', async () => {
    const { organiser, regular, seriesId, dates } = await seriesWithRegular([1], 2);
    expect(dates).toHaveLength(2);
    const series = (await organiser.get(`/api/series/${seriesId}`)).body;
    const later = addDays(series.until, 14);

    expectRefusal(await regular.patch(`/api/series/${seriesId}`, { until: later }), 403);
    const tooFar = await organiser.patch(`/api/series/${seriesId}`, {
      until: addDays(sgDayOf(new Date().toISOString()), 85),
    });
    expectRefusal(tooFar, 400);
    expect(tooFar.body.code).toBe('series_extend_too_far');
    for (const body of [{}, { until: 'soon' }, { until: 7 }]) {
      expectRefusal(await organiser.patch(`/api/series/${seriesId}`, body), 400);
    }

    const extended = await organiser.patch(`/api/series/${seriesId}`, { until: later });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(extended.body.until).toBe(later);
    expect(extended.body.dates).toHaveLength(4);
    const added = extended.body.dates.slice(2);
    expect(added.map((d: { date: string }) => [sgWeekday(d.date), sgClock(d.date)])).toEqual([
      [1, '07:00'],
      [1, '07:00'],
    ]);
    // Offered, not taken: the regular joins them with one tap.
    expect((await regular.get(`/api/series/${seriesId}`)).body.dates.map((d: { onRide: boolean }) => d.onRide)).toEqual(
      [true, true, false, false],
    );
    const told = (await inbox(regular, 'organiser_ride')).filter((row) => row.params.seriesId === seriesId);
    expect(told).toEqual([
      expect.objectContaining({ ride_id: added[0].rideId, params: expect.objectContaining({ newDates: 2 }) }),
    ]);
    expect(notificationText('organiser_ride', told[0]!.params).body).toMatch(/added 2 dates to the weekly ride, from /);
    expect(notificationPath('organiser_ride', told[0]!.ride_id, told[0]!.params)).toBe(`/series/${seriesId}`);
    const joined = await regular.post(`/api/series/${seriesId}/join`, joinBody());
    expect(joined.body.joined).toEqual(added.map((d: { rideId: number }) => d.rideId));

    // Earlier again: the dates after the new end are cancelled, the regular told once.
    const shorter = await organiser.patch(`/api/series/${seriesId}`, { until: series.until });
    expect(shorter.body.dates).toHaveLength(2);
    const cancelled = (await inbox(regular, 'ride_deleted')).filter((row) => row.params.seriesId === seriesId);
    expect(cancelled).toEqual([expect.objectContaining({ params: expect.objectContaining({ dates: 2 }) })]);
  });
});
