// Follow an organiser (issue 27): a member follows an organiser they rode with (never themselves,
// never one they did not ride with; again changes nothing) and unfollows; each new ride by that
// organiser tells the followers once ('organiser_ride'), not the organiser, not a follower a ride
// alert already told, and queues a Web Push for the devices that opted into the kind. The
// organiser reads how many follow them. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { notificationText } from '../../supabase/functions/_shared/notification-push-text.ts';
import { expectRefusal } from '../support/accounts.ts';
import { createRide, futureDate, type Member, registerMember, TestClient } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody, makeRidePast } from './ride-test-kit.ts';

describe.each(backends)('organiser follows on %s', (backend) => {
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

  // An organiser with a ride the passenger rode on, now in the past.
  async function rodeWith(organiser: Member, passenger: Member): Promise<void> {
    const ride = await createRide(organiser);
    expect((await passenger.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
    await makeRidePast(suite.db, ride.id);
  }

  async function follow(who: Member, organiser: Member) {
    return who.post(`/api/organisers/${organiser.user.id}/follow`);
  }

  // The 'organiser_ride' rows about the ride, by member.
  async function told(rideId: number): Promise<number[]> {
    const rows = await ownerQuery<{ user_id: number }>(
      suite.db,
      `select user_id from public.notifications
        where ride_id = $1::integer and kind = 'organiser_ride' order by user_id`,
      [rideId],
    );
    return rows.map((row) => row.user_id);
  }

  it('follows only an organiser one rode with, never oneself; following again changes nothing; unfollows', async () => {
    const organiser = await member('org');
    const amy = await member('amy');
    const stranger = await member('stranger');

    const never = await follow(stranger, organiser);
    expectRefusal(never, 403);
    expect(never.body.code).toBe('follow_not_ridden');
    const self = await follow(organiser, organiser);
    expectRefusal(self, 400);
    expect(self.body.code).toBe('follow_self');
    expect((await organiser.post('/api/organisers/0/follow')).status).toBe(400);

    await rodeWith(organiser, amy);
    expect((await amy.get(`/api/organisers/${organiser.user.id}/follow`)).body).toEqual({ following: false });
    const first = await follow(amy, organiser);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ following: true });
    expect((await follow(amy, organiser)).body).toEqual({ following: true });
    expect((await amy.get(`/api/organisers/${organiser.user.id}/follow`)).body).toEqual({ following: true });
    expect((await organiser.get('/api/followers')).body).toEqual({ count: 1 });
    expect((await amy.get('/api/followers')).body).toEqual({ count: 0 });
    // The organiser reads the count, not a follow they could remove.
    await organiser.delete(`/api/organisers/${amy.user.id}/follow`);
    expect((await organiser.get('/api/followers')).body).toEqual({ count: 1 });

    const gone = await amy.delete(`/api/organisers/${organiser.user.id}/follow`);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ following: false });
    expect((await amy.delete(`/api/organisers/${organiser.user.id}/follow`)).status).toBe(200);
    expect((await organiser.get('/api/followers')).body).toEqual({ count: 0 });
    expect((await stranger.get('/api/followers')).status).toBe(200);
    expect((await new TestClient(suite.app).get('/api/followers')).status).toBe(401);
  });

  it('tells each follower of a new ride once: not the organiser, not one an alert told', async () => {
    const organiser = await member('org');
    const ben = await member('ben');
    const cat = await member('cat');
    const dan = await member('dan');
    for (const who of [ben, cat, dan]) {
      await rodeWith(organiser, who);
      expect((await follow(who, organiser)).status).toBe(200);
    }
    await dan.delete(`/api/organisers/${organiser.user.id}/follow`);
    // Cat asked for rides like it: her alert tells her, and the follow does not again.
    const date = futureDate(4);
    const local = new Date(Date.parse(date) + 8 * 60 * 60 * 1000);
    const day = local.toISOString().slice(0, 10);
    expect(
      (
        await cat.post('/api/ride-alerts', {
          direction: 'SG->FC',
          firstDay: day,
          lastDay: day,
          windowStart: '00:00',
          windowEnd: '24:00',
        })
      ).status,
    ).toBe(201);

    const ride = await createRide(organiser, { date });
    expect(await told(ride.id)).toEqual([ben.user.id]);
    const [alerted] = await ownerQuery<{ n: number }>(
      suite.db,
      `select count(*)::int as n from public.notifications where ride_id = $1::integer and user_id = $2::integer`,
      [ride.id, cat.user.id],
    );
    expect(alerted!.n).toBe(1);

    const inbox = await ben.get('/api/notifications');
    const item = inbox.body.items.find((row: { rideId: number }) => row.rideId === ride.id);
    expect(item).toMatchObject({ kind: 'organiser_ride' });
    const words = notificationText('organiser_ride', item.params);
    expect(words.title).toBe('New ride by an organiser you follow');
    expect(words.body).toContain(organiser.user.name);
  });

  it('queues a Web Push for the devices that opted into organiser rides', async () => {
    const organiser = await member('org');
    const eve = await member('eve');
    const fay = await member('fay');
    const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) };
    for (const [who, kinds] of [
      [eve, ['organiser_ride']],
      [fay, ['ride_changed']],
    ] as const) {
      await rodeWith(organiser, who);
      expect((await follow(who, organiser)).status).toBe(200);
      const answer = await who.post('/api/push/subscriptions', {
        endpoint: `https://127.0.0.1:9/${who.user.id}`,
        keys,
        kinds,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }

    // The ride is written as the api writes it, and the outbox read before the api drains it.
    const queued = await suite.db.database
      .transaction(async (tx) => {
        await tx.query('select private.act_as($1::integer, false)', [organiser.user.id]);
        const [row] = await tx.query<{ id: number }>(
          `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location)
           values ($1, 'SG->FC', $2::timestamptz, 4, 'Pasir Ris MRT') returning id`,
          [organiser.user.id, futureDate(6)],
        );
        const rows = await tx.query<{ user_id: number }>(
          `select n.user_id from private.push_outbox o join public.notifications n on n.id = o.notification_id
            where n.ride_id = $1::integer and n.kind = 'organiser_ride' order by n.user_id`,
          [row!.id],
        );
        throw Object.assign(new Error('roll back'), { queued: rows.map((r) => r.user_id) });
      })
      .catch((error: { queued?: number[] }) => error.queued);
    expect(queued).toEqual([eve.user.id]);
  });
});
