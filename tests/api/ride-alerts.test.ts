// Ride alerts, "Tell me when" (issue 24 §2): a member's alerts (direction, a date range or
// weekdays, a Singapore-time window) are matched by the database against each ride created or
// moved, in that transaction; a match is told once per member and ride ('ride_alert'), never to
// the organiser nor to anyone aboard. At most 10 alerts a member; RLS keeps them private; a
// dated alert ends after its range. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { notificationText } from '../../supabase/functions/_shared/notification-push-text.ts';
import { expectRefusal } from '../support/accounts.ts';
import { createRide, type Member, registerMember, rideBody } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

const DAY = 24 * 60 * 60 * 1000;

// The Singapore calendar day `offset` days from today, 'YYYY-MM-DD'.
function sgDay(offset: number): string {
  return new Date(Date.now() + 8 * 60 * 60 * 1000 + offset * DAY).toISOString().slice(0, 10);
}

// A Singapore day and wall-clock time as the instant the api takes.
function sgInstant(day: string, time: string): string {
  return new Date(`${day}T${time}:00+08:00`).toISOString();
}

// ISO weekday (1 = Monday … 7 = Sunday) of a calendar day.
function isoWeekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

const standing = (overrides: Record<string, unknown> = {}) => ({
  direction: 'SG->FC',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  windowStart: '00:00',
  windowEnd: '24:00',
  ...overrides,
});

describe.each(backends)('ride alerts on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let serial = 0;

  beforeAll(() => {
    // The test-only host setting that lets a push service on this machine be saved.
    vi.stubEnv('PUSH_ALLOW_LOOPBACK', '1');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  const member = (prefix: string): Promise<Member> => registerMember(suite.app, `${prefix}${(serial += 1)}`);

  async function saveAlert(who: Member, body: Record<string, unknown>) {
    const answer = await who.post('/api/ride-alerts', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: number };
  }

  async function ride(organiser: Member, direction: string, day: string, time: string) {
    return createRide(organiser, { direction, date: sgInstant(day, time) });
  }

  // How many 'ride_alert' notifications the member holds about the ride.
  async function told(who: Member, rideId: number): Promise<number> {
    const [row] = await ownerQuery<{ n: number }>(
      suite.db,
      `select count(*)::int as n from public.notifications
        where user_id = $1::integer and ride_id = $2::integer and kind = 'ride_alert'`,
      [who.user.id, rideId],
    );
    return row!.n;
  }

  it('saves, lists and deletes a member’s alerts, at most 10 that have not ended', async () => {
    const alice = await member('alice');
    const saved = await alice.post('/api/ride-alerts', {
      direction: 'FC->SG',
      firstDay: sgDay(2),
      lastDay: sgDay(9),
      weekdays: [5, 5, 1],
      windowStart: '17:00',
      windowEnd: '21:30',
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      direction: 'FC->SG',
      firstDay: sgDay(2),
      lastDay: sgDay(9),
      weekdays: [1, 5],
      windowStart: '17:00',
      windowEnd: '21:30',
    });
    const whole = await saveAlert(alice, standing());
    const list = await alice.get('/api/ride-alerts');
    expect(list.status).toBe(200);
    expect(list.body.max).toBe(10);
    expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([saved.body.id, whole.id]);
    expect(list.body.items[1]).toMatchObject({ firstDay: null, lastDay: null, windowEnd: '24:00' });

    for (let n = 3; n <= 10; n += 1) await saveAlert(alice, standing({ windowStart: `0${n - 3}:00` }));
    const eleventh = await alice.post('/api/ride-alerts', standing());
    expectRefusal(eleventh, 409);
    expect(eleventh.body.code).toBe('ride_alerts_limit');
    expect((await alice.get('/api/ride-alerts')).body.items).toHaveLength(10);

    // A dated alert whose range has ended no longer counts (nor shows).
    await ownerQuery(
      suite.db,
      `update public.ride_alerts set first_day = $2::date, last_day = $2::date where id = $1`,
      [saved.body.id, sgDay(-1)],
    );
    expect((await alice.get('/api/ride-alerts')).body.items).toHaveLength(9);
    await saveAlert(alice, standing());

    const gone = await alice.delete(`/api/ride-alerts/${whole.id}`);
    expect(gone.status).toBe(200);
    expect((await alice.delete(`/api/ride-alerts/${whole.id}`)).status).toBe(404);
    expect((await alice.get('/api/ride-alerts')).body.items).toHaveLength(9);
  });

  it('refuses what is not an alert with a 400, never a 5xx', async () => {
    const bob = await member('bob');
    const bad: unknown[] = [
      {},
      standing({ direction: 'SG->KL' }),
      standing({ weekdays: [] }),
      standing({ weekdays: [0] }),
      standing({ weekdays: [8] }),
      standing({ weekdays: [1.5] }),
      standing({ weekdays: 'mon' }),
      standing({ weekdays: null }),
      standing({ weekdays: undefined, firstDay: sgDay(1) }),
      standing({ firstDay: sgDay(3), lastDay: sgDay(2) }),
      standing({ firstDay: '2026-02-30', lastDay: '2026-03-01' }),
      standing({ firstDay: sgDay(1), lastDay: '9999-12-31' }),
      standing({ firstDay: 20261205, lastDay: sgDay(2) }),
      standing({ windowStart: '25:00' }),
      standing({ windowStart: '7pm' }),
      standing({ windowStart: '18:00', windowEnd: '18:00' }),
      standing({ windowStart: '24:00', windowEnd: '24:00' }),
      standing({ windowEnd: null }),
    ];
    for (const body of bad) {
      const answer = await bob.post('/api/ride-alerts', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code, JSON.stringify(body)).toBe('invalid_input');
    }
    // Days that are over: the database's refusal.
    const over = await bob.post('/api/ride-alerts', standing({ firstDay: sgDay(-3), lastDay: sgDay(-1) }));
    expectRefusal(over, 400);
    expect(over.body.code).toBe('ride_alert_over');
    expect((await bob.delete('/api/ride-alerts/abc')).status).toBe(400);
    expect((await bob.delete('/api/ride-alerts/99999999999')).status).toBe(400);
    expect((await suite.anonymous.get('/api/ride-alerts')).status).toBe(401);
    expect((await suite.anonymous.post('/api/ride-alerts', standing())).status).toBe(401);
    expect((await bob.get('/api/ride-alerts')).body.items).toEqual([]);
  });

  it('matches direction, weekday and the window’s edges in Singapore time', async () => {
    const organiser = await member('org');
    const carol = await member('carol');
    const day = sgDay(5);
    await saveAlert(carol, {
      direction: 'SG->FC',
      weekdays: [isoWeekday(day)],
      windowStart: '17:00',
      windowEnd: '21:00',
    });
    const expectations: [string, string, string, number][] = [
      ['SG->FC', day, '17:00', 1],
      ['SG->FC', day, '21:00', 1],
      ['SG->FC', day, '16:59', 0],
      ['SG->FC', day, '21:01', 0],
      ['FC->SG', day, '18:00', 0],
      ['SG->FC', sgDay(6), '18:00', 0],
      // A week on: the same weekday.
      ['SG->FC', sgDay(12), '18:00', 1],
    ];
    for (const [direction, on, time, times] of expectations) {
      const posted = await ride(organiser, direction, on, time);
      expect(await told(carol, posted.id), `${direction} ${on} ${time}`).toBe(times);
    }
  });

  it('matches a date range from its first day’s start to its last day’s end', async () => {
    const organiser = await member('org');
    const dave = await member('dave');
    await saveAlert(dave, {
      direction: 'FC->SG',
      firstDay: sgDay(6),
      lastDay: sgDay(7),
      windowStart: '00:00',
      windowEnd: '24:00',
    });
    const expectations: [string, string, number][] = [
      [sgDay(5), '23:59', 0],
      [sgDay(6), '00:00', 1],
      [sgDay(7), '23:59', 1],
      [sgDay(8), '00:00', 0],
    ];
    for (const [on, time, times] of expectations) {
      const posted = await ride(organiser, 'FC->SG', on, time);
      expect(await told(dave, posted.id), `${on} ${time}`).toBe(times);
    }
  });

  it('tells once per ride: an edit that keeps it matching is silent, a move into the window tells', async () => {
    const organiser = await member('org');
    const erin = await member('erin');
    const day = sgDay(4);
    await saveAlert(erin, {
      direction: 'SG->FC',
      firstDay: day,
      lastDay: day,
      windowStart: '08:00',
      windowEnd: '10:00',
    });
    // Two alerts of hers match: still one notification.
    await saveAlert(erin, standing());

    const posted = await ride(organiser, 'SG->FC', day, '09:00');
    expect(await told(erin, posted.id)).toBe(1);
    const [event] = await ownerQuery(
      suite.db,
      `select params from public.notifications where user_id = $1::integer and ride_id = $2::integer and kind = 'ride_alert'`,
      [erin.user.id, posted.id],
    );
    expect(event!.params).toMatchObject({ rideId: posted.id, direction: 'SG->FC', name: organiser.user.name });
    const words = notificationText('ride_alert', event!.params);
    expect(words.title).toBe('A ride you asked for');
    expect(words.body).toContain('Singapore → Forest City');
    const inbox = await erin.get('/api/notifications');
    expect(inbox.body.items[0]).toMatchObject({ kind: 'ride_alert', rideId: posted.id });

    const edit = (date: string, pickupLocation = 'Pasir Ris MRT') =>
      organiser.patch(`/api/rides/${posted.id}`, rideBody({ direction: 'SG->FC', date, pickupLocation }));
    expect((await edit(sgInstant(day, '09:30'), 'Bedok Mall')).status).toBe(200);
    expect((await edit(sgInstant(sgDay(9), '09:30'))).status).toBe(200);
    expect((await edit(sgInstant(day, '09:45'))).status).toBe(200);
    expect(await told(erin, posted.id)).toBe(1);

    // A ride that did not match when posted tells once it moves into the window.
    const frank = await member('frank');
    await saveAlert(frank, {
      direction: 'FC->SG',
      firstDay: day,
      lastDay: day,
      windowStart: '18:00',
      windowEnd: '20:00',
    });
    const later = await ride(organiser, 'FC->SG', day, '12:00');
    expect(await told(frank, later.id)).toBe(0);
    expect(
      (
        await organiser.patch(
          `/api/rides/${later.id}`,
          rideBody({ direction: 'FC->SG', date: sgInstant(day, '19:00') }),
        )
      ).status,
    ).toBe(200);
    expect(await told(frank, later.id)).toBe(1);
  });

  it('never tells the organiser about their own ride, nor a member already aboard', async () => {
    const organiser = await member('org');
    const grace = await member('grace');
    const heidi = await member('heidi');
    const day = sgDay(3);
    const alert = { direction: 'SG->FC', firstDay: day, lastDay: day, windowStart: '06:00', windowEnd: '07:00' };
    await saveAlert(organiser, alert);
    await saveAlert(grace, alert);
    await saveAlert(heidi, alert);

    const own = await ride(organiser, 'SG->FC', day, '06:30');
    expect(await told(organiser, own.id)).toBe(0);
    expect(await told(grace, own.id)).toBe(1);

    const outside = await ride(organiser, 'SG->FC', day, '12:00');
    expect((await grace.post(`/api/rides/${outside.id}/join`, joinBody())).status).toBe(201);
    expect(
      (
        await organiser.patch(
          `/api/rides/${outside.id}`,
          rideBody({ direction: 'SG->FC', date: sgInstant(day, '06:15') }),
        )
      ).status,
    ).toBe(200);
    expect(await told(grace, outside.id)).toBe(0);
    expect(await told(heidi, outside.id)).toBe(1);
    expect(await told(organiser, outside.id)).toBe(0);
  });

  it('tells neither side of a block about the other’s rides (ADR 0026)', async () => {
    const organiser = await member('org');
    const blocker = await member('ivan');
    const blockedByOrganiser = await member('judy');
    const bystander = await member('ken');
    const day = sgDay(4);
    const alert = { direction: 'SG->FC', firstDay: day, lastDay: day, windowStart: '08:00', windowEnd: '09:00' };
    await saveAlert(blocker, alert);
    await saveAlert(blockedByOrganiser, alert);
    await saveAlert(bystander, alert);
    // The blocker's list hides the organiser's rides: their alerts must not name them either. The
    // member the organiser blocked could not join the ride the alert would point to.
    expect((await blocker.post(`/api/blocks/${organiser.user.id}`)).status).toBe(200);
    expect((await organiser.post(`/api/blocks/${blockedByOrganiser.user.id}`)).status).toBe(200);

    const created = await ride(organiser, 'SG->FC', day, '08:30');
    expect(await told(bystander, created.id)).toBe(1);
    expect(await told(blocker, created.id)).toBe(0);
    expect(await told(blockedByOrganiser, created.id)).toBe(0);

    // Moved into the window: the same.
    const moved = await ride(organiser, 'SG->FC', day, '12:00');
    const patched = await organiser.patch(
      `/api/rides/${moved.id}`,
      rideBody({ direction: 'SG->FC', date: sgInstant(day, '08:45') }),
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await told(bystander, moved.id)).toBe(1);
    expect(await told(blocker, moved.id)).toBe(0);
    expect(await told(blockedByOrganiser, moved.id)).toBe(0);
  });

  it('keeps each member’s alerts their own (RLS)', async () => {
    const ivan = await member('ivan');
    const judy = await member('judy');
    const mine = await saveAlert(ivan, standing());
    expect((await judy.get('/api/ride-alerts')).body.items).toEqual([]);
    expect((await judy.delete(`/api/ride-alerts/${mine.id}`)).status).toBe(404);
    expect((await ivan.get('/api/ride-alerts')).body.items.map((item: { id: number }) => item.id)).toEqual([mine.id]);

    // At the SQL level, as the api role acts for Judy: no row of Ivan's to read, write or delete.
    const seen = await suite.db.database.transaction(async (tx) => {
      await tx.query('select private.act_as($1::integer, false)', [judy.user.id]);
      await tx.query('set local role authenticated');
      const rows = await tx.query('select id from public.ride_alerts');
      const deleted = await tx.query('delete from public.ride_alerts where id = $1 returning id', [mine.id]);
      return { rows: rows.length, deleted: deleted.length };
    });
    expect(seen).toEqual({ rows: 0, deleted: 0 });
    const forged = await suite.db.database
      .transaction(async (tx) => {
        await tx.query('select private.act_as($1::integer, false)', [judy.user.id]);
        await tx.query('set local role authenticated');
        await tx.query(
          `insert into public.ride_alerts (user_id, direction, weekdays, window_start, window_end)
           values ($1, 'SG->FC', '{1}', '08:00', '09:00')`,
          [ivan.user.id],
        );
        return 'allowed';
      })
      .catch((error: { code?: string }) => error.code);
    expect(forged).toBe('42501');
    expect((await ivan.get('/api/ride-alerts')).body.items).toHaveLength(1);
  });

  it('ends a dated alert after its range and purges it; a standing one stays', async () => {
    const organiser = await member('org');
    const kim = await member('kim');
    const dated = await saveAlert(kim, {
      direction: 'FC->SG',
      firstDay: sgDay(1),
      lastDay: sgDay(2),
      windowStart: '00:00',
      windowEnd: '24:00',
    });
    const kept = await saveAlert(kim, standing({ direction: 'FC->SG', windowStart: '05:00', windowEnd: '05:30' }));
    await ownerQuery(
      suite.db,
      `update public.ride_alerts set first_day = $2::date, last_day = $3::date where id = $1`,
      [dated.id, sgDay(-2), sgDay(-1)],
    );
    expect((await kim.get('/api/ride-alerts')).body.items.map((item: { id: number }) => item.id)).toEqual([kept.id]);
    // Nothing on the ended days can be posted any more, and nothing after them matches.
    const posted = await ride(organiser, 'FC->SG', sgDay(1), '12:00');
    expect(await told(kim, posted.id)).toBe(0);

    await ownerQuery(suite.db, 'select private.purge_expired()');
    const rows = await ownerQuery<{ id: number }>(
      suite.db,
      'select id from public.ride_alerts where user_id = $1::integer order by id',
      [kim.user.id],
    );
    expect(rows.map((row) => row.id)).toEqual([kept.id]);
  });

  it('queues a Web Push for the devices that opted into ride alerts', async () => {
    const organiser = await member('org');
    const liam = await member('liam');
    const mia = await member('mia');
    const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) };
    for (const [who, kinds] of [
      [liam, ['ride_alert']],
      [mia, ['ride_changed']],
    ] as const) {
      const answer = await who.post('/api/push/subscriptions', {
        endpoint: `https://127.0.0.1:9/${who.user.id}`,
        keys,
        kinds,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const day = sgDay(8);
    const alert = { direction: 'SG->FC', firstDay: day, lastDay: day, windowStart: '13:00', windowEnd: '14:00' };
    await saveAlert(liam, alert);
    await saveAlert(mia, alert);

    // The ride is written as the api writes it, and the outbox read before the api drains it.
    const queued = await suite.db.database
      .transaction(async (tx) => {
        await tx.query('select private.act_as($1::integer, false)', [organiser.user.id]);
        const [row] = await tx.query<{ id: number }>(
          `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location)
           values ($1, 'SG->FC', $2::timestamptz, 4, 'Pasir Ris MRT') returning id`,
          [organiser.user.id, sgInstant(day, '13:30')],
        );
        const rows = await tx.query<{ user_id: number }>(
          `select n.user_id from private.push_outbox o join public.notifications n on n.id = o.notification_id
            where n.ride_id = $1::integer and n.kind = 'ride_alert' order by n.user_id`,
          [row!.id],
        );
        throw Object.assign(new Error('roll back'), { queued: rows.map((r) => r.user_id) });
      })
      .catch((error: { queued?: number[] }) => error.queued);
    expect(queued).toEqual([liam.user.id]);
  });
});
