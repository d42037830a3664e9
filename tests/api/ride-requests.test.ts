// Ride requests, "Looking for a ride" (issue 24 §1): posting, the one-open-request rule, who may
// change a request, "Me too" and the demand, the throttles, what visitors read, a ride started
// for a request telling everyone on it, and the end of a request after its window.
import { beforeAll, describe, expect, it } from 'vitest';

import { notificationText } from '../../supabase/functions/_shared/notification-push-text.ts';
import { notificationPath } from '../../supabase/functions/_shared/notification-text.ts';
import { type Queryable, setCaller } from '../../supabase/functions/api/lib/database.ts';
import { expectRefusal } from '../support/accounts.ts';
import { type Member, registerMember, rideBody } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const SINGAPORE_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Singapore',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// The Singapore day `daysAhead` from now, as the form sends it.
function day(daysAhead: number): string {
  return SINGAPORE_DAY.format(new Date(Date.now() + daysAhead * 86_400_000));
}

function requestBody(overrides: Record<string, unknown> = {}) {
  return {
    direction: 'FC->SG',
    date: day(3),
    startTime: '17:00',
    endTime: '21:00',
    passengerCount: 2,
    area: 'Tampines',
    note: 'Two suitcases',
    ...overrides,
  };
}

// The instant a Singapore day and time is (UTC+8, no daylight saving).
function singaporeInstant(date: string, time: string): string {
  return new Date(`${date}T${time}:00+08:00`).toISOString();
}

describe.each(backends)('ride requests on %s', (backend) => {
  const suite = useSuite(backend, { admin: true });
  let asker: Member;
  let other: Member;
  let third: Member;
  let organiser: Member;

  beforeAll(async () => {
    asker = await registerMember(suite.app, 'asker', { whatsappNumber: '+65 9123 4567' });
    other = await registerMember(suite.app, 'other', { malaysianNumber: '+60 12 555 0199' });
    third = await registerMember(suite.app, 'third');
    organiser = await registerMember(suite.app, 'orgr');
  });

  async function post(member: Member, overrides: Record<string, unknown> = {}) {
    const answer = await member.post('/api/ride-requests', requestBody(overrides));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  }

  async function setLimit(name: string, maxCount: number) {
    await ownerQuery(suite.db, 'update private.throttle_limits set max_count = $2::integer where name = $1::text', [
      name,
      maxCount,
    ]);
  }

  it('posts a request in Singapore time and lists it for everyone, visitors included', async () => {
    const body = requestBody({ date: day(4) });
    const created = await post(asker, body);
    expect(created).toMatchObject({
      requesterId: asker.user.id,
      requesterName: 'asker person',
      direction: 'FC->SG',
      date: body.date,
      startTime: '17:00',
      endTime: '21:00',
      windowStart: singaporeInstant(body.date, '17:00'),
      windowEnd: singaporeInstant(body.date, '21:00'),
      passengerCount: 2,
      area: 'Tampines',
      note: 'Two suitcases',
      status: 'open',
      people: 2,
      parties: 1,
      members: [],
      rides: [],
    });

    const listed = await suite.anonymous.get('/api/ride-requests');
    expect(listed.status).toBe(200);
    expect(listed.body.map((request: any) => request.id)).toContain(created.id);
    // Names and areas are public; contacts are not.
    expect(JSON.stringify(listed.body)).not.toMatch(/9123|whatsapp|discord|asker_/i);

    const filtered = await suite.anonymous.get(`/api/ride-requests?direction=FC-%3ESG&date=${body.date}`);
    expect(filtered.body.map((request: any) => request.id)).toEqual([created.id]);
    const otherWay = await suite.anonymous.get(`/api/ride-requests?direction=SG-%3EFC&date=${body.date}`);
    expect(otherWay.body).toEqual([]);
    const one = await suite.anonymous.get(`/api/ride-requests/${created.id}`);
    expect(one.body.id).toBe(created.id);
  });

  it('refuses bad input with a 4xx, never a 5xx', async () => {
    const cases: Record<string, unknown>[] = [
      { startTime: '21:00', endTime: '17:00' },
      { startTime: '17:00', endTime: '17:00' },
      { date: '2026-02-30' },
      { date: 'tomorrow' },
      { startTime: '25:00' },
      { passengerCount: 0 },
      { passengerCount: 11 },
      { passengerCount: 2.5 },
      { area: '' },
      { area: 'Tam\u0000pines' },
      { area: 'Tam\u202epines' },
      { note: 'a\u200bb' },
      { note: 'x'.repeat(501) },
      { direction: 'SG->KL' },
      { date: day(-2) },
      { date: day(120) },
    ];
    for (const overrides of cases) {
      expectRefusal(await other.post('/api/ride-requests', requestBody(overrides)), 400);
    }
    expectRefusal(await other.post('/api/ride-requests', [1, 2]), 400);
    expectRefusal(await suite.anonymous.get('/api/ride-requests?day=2026-01-01'), 400);
    expectRefusal(await suite.anonymous.get('/api/ride-requests?direction=a&direction=b'), 400);
    expectRefusal(await suite.anonymous.get('/api/ride-requests/abc'), 400);
    expectRefusal(await suite.anonymous.get('/api/ride-requests/99999999'), 404);
    expectRefusal(await suite.anonymous.post('/api/ride-requests', requestBody()), 401);
    const [{ count }] = await ownerQuery(
      suite.db,
      'select count(*)::int as count from public.ride_requests where requester_id = $1',
      [other.user.id],
    );
    expect(count).toBe(0);
  });

  it('allows one open request per member, direction and day, even when two arrive at once', async () => {
    const date = day(5);
    const answers = await Promise.all([
      third.post('/api/ride-requests', requestBody({ date })),
      third.post('/api/ride-requests', requestBody({ date, startTime: '06:00', endTime: '08:00' })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.code).toBe('ride_request_exists');
    // The other direction that day is another need.
    await post(third, { date, direction: 'SG->FC' });
    // Closed ("found a ride"), the day is free again.
    const open = answers.find((answer) => answer.status === 201)!.body;
    expect((await third.post(`/api/ride-requests/${open.id}/close`, {})).body.status).toBe('closed');
    await post(third, { date });
  });

  it('lets only the requester (and the admin) edit, close or delete a request', async () => {
    const request = await post(asker, { date: day(6) });
    const edit = requestBody({ date: day(6), startTime: '18:00', endTime: '22:00', passengerCount: 3, note: '' });
    expectRefusal(await other.patch(`/api/ride-requests/${request.id}`, edit), 403);
    expectRefusal(await other.post(`/api/ride-requests/${request.id}/close`, {}), 403);
    expectRefusal(await other.delete(`/api/ride-requests/${request.id}`), 403);

    const edited = await asker.patch(`/api/ride-requests/${request.id}`, edit);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ startTime: '18:00', endTime: '22:00', passengerCount: 3, note: null });

    expect((await suite.admin.post(`/api/ride-requests/${request.id}/close`, {})).status).toBe(200);
    // A closed request leaves the list, and cannot be edited any more.
    const listed = await suite.anonymous.get('/api/ride-requests');
    expect(listed.body.map((entry: any) => entry.id)).not.toContain(request.id);
    expectRefusal(await asker.patch(`/api/ride-requests/${request.id}`, edit), 409);

    expect((await asker.delete(`/api/ride-requests/${request.id}`)).status).toBe(200);
    expectRefusal(await suite.anonymous.get(`/api/ride-requests/${request.id}`), 404);
  });

  it('adds up "Me too" parties into the demand, not from the requester', async () => {
    const request = await post(asker, { date: day(7) });
    expectRefusal(await asker.post(`/api/ride-requests/${request.id}/me-too`, { passengerCount: 1, area: 'x' }), 409);
    expectRefusal(await other.post(`/api/ride-requests/${request.id}/me-too`, { passengerCount: 11, area: 'x' }), 400);
    expectRefusal(
      await suite.anonymous.post(`/api/ride-requests/${request.id}/me-too`, { passengerCount: 1, area: 'x' }),
      401,
    );

    let answer = await other.post(`/api/ride-requests/${request.id}/me-too`, { passengerCount: 1, area: 'Bedok' });
    expect(answer.status).toBe(200);
    answer = await third.post(`/api/ride-requests/${request.id}/me-too`, { passengerCount: 2, area: 'Punggol' });
    expect(answer.body).toMatchObject({ people: 5, parties: 3 });
    expect(answer.body.members).toEqual([
      { userId: other.user.id, name: 'other person', passengerCount: 1, area: 'Bedok' },
      { userId: third.user.id, name: 'third person', passengerCount: 2, area: 'Punggol' },
    ]);
    // Again: the party changes, it is not counted twice.
    answer = await other.post(`/api/ride-requests/${request.id}/me-too`, { passengerCount: 3, area: 'Bedok' });
    expect(answer.body).toMatchObject({ people: 7, parties: 3 });
    answer = await third.delete(`/api/ride-requests/${request.id}/me-too`);
    expect(answer.body).toMatchObject({ people: 5, parties: 2 });
    expect(JSON.stringify(answer.body)).not.toMatch(/555|0199/);
  });

  it('throttles posting and "Me too" by private.throttle_limits', async () => {
    const request = await post(asker, { date: day(8) });
    const member = await registerMember(suite.app, 'thr');
    try {
      await setLimit('ride_requests:me-too', 1);
      expect(
        (await member.post(`/api/ride-requests/${request.id}/me-too`, { passengerCount: 1, area: 'A' })).status,
      ).toBe(200);
      const refused = await member.post(`/api/ride-requests/${request.id}/me-too`, { passengerCount: 2, area: 'A' });
      expectRefusal(refused, 429);
      expect(refused.body.code).toBe('too_many_me_too');
      expect(refused.body.message).toMatch(/^Too many "Me too" taps\. Please try again in .+\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

      await setLimit('ride_requests:posted', 1);
      await post(member, { date: day(9) });
      const second = await member.post('/api/ride-requests', requestBody({ date: day(10) }));
      expectRefusal(second, 429);
      expect(second.body.code).toBe('too_many_ride_requests');
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await setLimit('ride_requests:me-too', 30);
      await setLimit('ride_requests:posted', 10);
    }
  });

  it('keeps the tables read-only and public to the api roles (RLS), contacts out of reach', async () => {
    async function as<T>(role: 'anon' | 'authenticated', userId: number | null, work: (tx: Queryable) => Promise<T>) {
      const rollback = new Error('rollback');
      let result: T | undefined;
      try {
        await suite.db.database.transaction(async (tx) => {
          await setCaller(tx, userId === null ? null : { userId, isAdmin: false });
          await tx.query(`set local role ${role}`);
          result = await work(tx);
          throw rollback;
        });
      } catch (error) {
        if (error !== rollback) throw error;
      }
      return result as T;
    }
    const request = await post(asker, { date: day(11) });
    const seen = await as('anon', null, (tx) =>
      tx.query('select id, area from public.ride_requests where id = $1', [request.id]),
    );
    expect(seen).toEqual([{ id: request.id, area: 'Tampines' }]);
    await expect(
      as('authenticated', other.user.id, (tx) =>
        tx.query("update public.ride_requests set area = 'hacked' where id = $1", [request.id]),
      ),
    ).rejects.toThrow(/permission denied/i);
    await expect(
      as('authenticated', other.user.id, (tx) =>
        tx.query(
          'insert into public.ride_request_members (request_id, user_id, passenger_count, area) values ($1, $2, 1, $3)',
          [request.id, other.user.id, 'x'],
        ),
      ),
    ).rejects.toThrow(/permission denied/i);
    await expect(
      as('anon', null, (tx) => tx.query('select whatsapp_number from public.users where id = $1', [asker.user.id])),
    ).rejects.toThrow(/permission denied/i);
  });

  it('tells everyone on a request when an organiser starts a ride for it, with their party and area', async () => {
    const date = day(12);
    const request = await post(asker, { date, passengerCount: 2, area: 'Tampines' });
    await other.post(`/api/ride-requests/${request.id}/me-too`, { passengerCount: 1, area: 'Bedok' });
    const [{ id: mark }] = await ownerQuery(
      suite.db,
      'select coalesce(max(id), 0)::int as id from public.notifications',
    );

    // Another day, or the other way: refused, and the ride is not created either.
    const [{ rides: before }] = await ownerQuery(suite.db, 'select count(*)::int as rides from public.rides');
    const wrongDay = await organiser.post(
      '/api/rides',
      rideBody({ direction: 'FC->SG', date: singaporeInstant(day(13), '17:00'), requestId: request.id }),
    );
    expectRefusal(wrongDay, 409);
    expect(wrongDay.body.code).toBe('ride_request_offer_mismatch');
    const [{ rides: after }] = await ownerQuery(suite.db, 'select count(*)::int as rides from public.rides');
    expect(after).toBe(before);

    const created = await organiser.post(
      '/api/rides',
      rideBody({ direction: 'FC->SG', date: singaporeInstant(date, '17:00'), maxPassengers: 4, requestId: request.id }),
    );
    expect(created.status).toBe(201);
    const rideId = created.body.id;

    const events = await ownerQuery(
      suite.db,
      'select user_id, ride_id, kind, params from public.notifications where id > $1::bigint order by id',
      [mark],
    );
    expect(
      events.map((event: any) => [event.user_id, event.kind, event.params.passengerCount, event.params.area]),
    ).toEqual([
      [asker.user.id, 'ride_request_offered', 2, 'Tampines'],
      [other.user.id, 'ride_request_offered', 1, 'Bedok'],
    ]);
    expect(events[0]).toMatchObject({
      ride_id: rideId,
      params: { requestId: request.id, name: 'orgr person', direction: 'FC->SG' },
    });
    expect(notificationText('ride_request_offered', events[1].params).title).toBe('A ride for your request');
    expect(notificationPath('ride_request_offered', rideId, events[1].params)).toBe(
      `/rides/${rideId}/join?party=1&dropoff=Bedok`,
    );

    // The inbox shows it, and the request shows the ride.
    const inbox = await other.get('/api/notifications');
    expect(inbox.body.items[0]).toMatchObject({ kind: 'ride_request_offered', rideId });
    const shown = await suite.anonymous.get(`/api/ride-requests/${request.id}`);
    expect(shown.body.rides).toEqual([
      expect.objectContaining({
        id: rideId,
        direction: 'FC->SG',
        organiserId: organiser.user.id,
        organiserName: 'orgr person',
      }),
    ]);

    // The ride deleted, the request shows none.
    expect((await organiser.delete(`/api/rides/${rideId}`)).status).toBe(200);
    expect((await suite.anonymous.get(`/api/ride-requests/${request.id}`)).body.rides).toEqual([]);
  });

  it('takes an offer only of a ride that fits the request: its window, its way, seats for its party', async () => {
    const date = day(16);
    const request = await post(asker, { date, startTime: '17:00', endTime: '21:00', passengerCount: 2 });
    const offer = (overrides: Record<string, unknown>) =>
      organiser.post('/api/rides', rideBody({ direction: 'FC->SG', requestId: request.id, ...overrides }));
    const [{ rides: before }] = await ownerQuery(suite.db, 'select count(*)::int as rides from public.rides');

    // The request's day, but after its window closed, or before it opened.
    for (const time of ['21:30', '16:00']) {
      const late = await offer({ date: singaporeInstant(date, time) });
      expectRefusal(late, 409);
      expect(late.body.code).toBe('ride_request_offer_mismatch');
    }
    const otherWay = await offer({
      direction: 'SG->FC',
      pickupLocation: 'Pasir Ris MRT',
      dropoffLocations: [{ location: 'Forest City', passengerCount: 1 }],
      date: singaporeInstant(date, '18:00'),
    });
    expectRefusal(otherWay, 409);
    expect(otherWay.body.code).toBe('ride_request_offer_mismatch');
    // A throwaway ride with one free seat cannot claim a party of two.
    const small = await offer({ date: singaporeInstant(date, '18:00'), maxPassengers: 2 });
    expectRefusal(small, 409);
    expect(small.body.code).toBe('ride_request_offer_seats');
    expect(small.body.message).toBe("The ride needs free seats for the request's party of 2");
    const [{ rides: after }] = await ownerQuery(suite.db, 'select count(*)::int as rides from public.rides');
    expect(after).toBe(before);

    // Both ends of the window fit.
    expect((await offer({ date: singaporeInstant(date, '21:00'), maxPassengers: 3 })).status).toBe(201);
  });

  it('lets several organisers offer rides for one request, each once, and the requester choose', async () => {
    const date = day(17);
    const request = await post(asker, { date, passengerCount: 1 });
    const first = await organiser.post(
      '/api/rides',
      rideBody({ direction: 'FC->SG', date: singaporeInstant(date, '19:00'), requestId: request.id }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // Another organiser's ride for the same request: not taken by the first.
    const second = await third.post(
      '/api/rides',
      rideBody({ direction: 'FC->SG', date: singaporeInstant(date, '17:30'), requestId: request.id }),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const told = await ownerQuery(
      suite.db,
      `select ride_id from public.notifications
        where user_id = $1::integer and kind = 'ride_request_offered' and (params->>'requestId')::int = $2::integer
        order by id`,
      [asker.user.id, request.id],
    );
    expect(told.map((row: any) => row.ride_id)).toEqual([first.body.id, second.body.id]);

    // The same organiser again: one offer each, so nobody floods the requester.
    const again = await organiser.post(
      '/api/rides',
      rideBody({ direction: 'FC->SG', date: singaporeInstant(date, '18:00'), requestId: request.id }),
    );
    expectRefusal(again, 409);
    expect(again.body.code).toBe('ride_request_offer_repeat');

    // The request lists both, soonest first; the requester joins one of them.
    const shown = await suite.anonymous.get(`/api/ride-requests/${request.id}`);
    expect(shown.body.rides.map((ride: any) => ride.id)).toEqual([second.body.id, first.body.id]);
    expect(
      (await asker.post(`/api/rides/${second.body.id}/join`, { passengerCount: 1, dropoffLocation: 'x' })).status,
    ).toBe(201);
  });

  it('refuses an offer for the request of a member who blocked the organiser, and tells nobody', async () => {
    const blocker = await registerMember(suite.app, 'rqblock');
    const wary = await registerMember(suite.app, 'rqwary');
    const date = day(18);
    const blocked = await post(blocker, { date });
    expect((await blocker.post(`/api/blocks/${organiser.user.id}`)).status).toBe(200);
    const [{ id: mark }] = await ownerQuery(
      suite.db,
      'select coalesce(max(id), 0)::int as id from public.notifications',
    );

    const refused = await organiser.post(
      '/api/rides',
      rideBody({ direction: 'FC->SG', date: singaporeInstant(date, '18:00'), requestId: blocked.id }),
    );
    expectRefusal(refused, 403);
    expect(refused.body.code).toBe('ride_request_offer_not_allowed');
    expect(refused.body.message).not.toMatch(/block/i);
    expect((await suite.anonymous.get(`/api/ride-requests/${blocked.id}`)).body.rides).toEqual([]);

    // On another member's request, a "Me too" who blocked the organiser is not told of their ride.
    const open = await post(other, { date });
    expect((await wary.post(`/api/ride-requests/${open.id}/me-too`, { passengerCount: 1, area: 'Bedok' })).status).toBe(
      200,
    );
    expect((await wary.post(`/api/blocks/${organiser.user.id}`)).status).toBe(200);
    const offered = await organiser.post(
      '/api/rides',
      rideBody({ direction: 'FC->SG', date: singaporeInstant(date, '18:00'), requestId: open.id }),
    );
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    const events = await ownerQuery(
      suite.db,
      `select user_id from public.notifications where id > $1::bigint and kind = 'ride_request_offered' order by id`,
      [mark],
    );
    expect(events.map((event: any) => event.user_id)).toEqual([other.user.id]);
  });

  it('ends a request after its window: off the lists, no more "Me too", purged 30 days later', async () => {
    const request = await post(asker, { date: day(14) });
    // Two days ago, 10 am to noon in Singapore.
    const moveBack = (days: number) =>
      ownerQuery(
        suite.db,
        `update public.ride_requests set day = (now() at time zone 'Asia/Singapore')::date - $2::integer,
           window_start = (((now() at time zone 'Asia/Singapore')::date - $2::integer) + time '10:00') at time zone 'Asia/Singapore',
           window_end = (((now() at time zone 'Asia/Singapore')::date - $2::integer) + time '12:00') at time zone 'Asia/Singapore'
         where id = $1::integer`,
        [request.id, days],
      );
    await moveBack(2);
    const listed = await suite.anonymous.get('/api/ride-requests');
    expect(listed.body.map((entry: any) => entry.id)).not.toContain(request.id);
    expect((await suite.anonymous.get(`/api/ride-requests/${request.id}`)).body.status).toBe('ended');
    expectRefusal(await other.post(`/api/ride-requests/${request.id}/me-too`, { passengerCount: 1, area: 'x' }), 409);
    expectRefusal(await asker.patch(`/api/ride-requests/${request.id}`, requestBody({ date: day(14) })), 409);

    // Long over: the next post deletes it.
    await moveBack(40);
    await post(third, { date: day(15) });
    const [{ count }] = await ownerQuery(
      suite.db,
      'select count(*)::int as count from public.ride_requests where id = $1::integer',
      [request.id],
    );
    expect(count).toBe(0);
  });

  it('does not let an open request whose window is over hold its day', async () => {
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Singapore', hour: '2-digit', hour12: false }).format(
        new Date(),
      ),
    );
    // The window must have ended today and a new one must still fit today: not around midnight.
    if (hour < 1 || hour > 21) return;
    const today = day(0);
    const first = await post(other, { date: today, startTime: '23:00', endTime: '23:30' });
    await ownerQuery(
      suite.db,
      `update public.ride_requests
          set window_start = ($2::date + time '00:00') at time zone 'Asia/Singapore', window_end = now() - interval '1 minute'
        where id = $1::integer`,
      [first.id, today],
    );
    const again = await other.post(
      '/api/ride-requests',
      requestBody({ date: today, startTime: '22:00', endTime: '23:00' }),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await suite.anonymous.get(`/api/ride-requests/${first.id}`)).body.status).toBe('closed');
  });
  it('answers at most the 200 soonest open requests', async () => {
    const [a, b] = [await registerMember(suite.app, 'bulka'), await registerMember(suite.app, 'bulkb')];
    await ownerQuery(
      suite.db,
      `insert into public.ride_requests (requester_id, direction, day, window_start, window_end, passenger_count, area)
       select u.id, d.dir::public.ride_direction, sg.today + g,
              ((sg.today + g) + time '10:00') at time zone 'Asia/Singapore',
              ((sg.today + g) + time '12:00') at time zone 'Asia/Singapore', 1, 'Bulk'
         from generate_series(1, 60) g
        cross join (values ('SG->FC'), ('FC->SG')) d (dir)
        cross join (select id from public.users where id in ($1::integer, $2::integer)) u
        cross join (select (now() at time zone 'Asia/Singapore')::date as today) sg`,
      [a.user.id, b.user.id],
    );
    const listed = await suite.anonymous.get('/api/ride-requests');
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(200);
    const starts = listed.body.map((request: any) => Date.parse(request.windowStart));
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    await ownerQuery(suite.db, "delete from public.ride_requests where area = 'Bulk'");
  });
});
