// Issue 22 §2: Web Push could be aimed at any host with no bound on the fan-out (200 devices
// saved in a second; one join and one leave made 400 connections; ride edits unthrottled). Now a
// member keeps at most 10 devices (the oldest replaced), one ride's events queue at most
// 'push:ride' pushes per window, a burst of edits wakes a device once, and ride edits are
// throttled as joins are. What is queued is read from the outbox in the transaction that queued
// it (nothing is sent from here: the sending side is tests/api/web-push.test.ts). On PGlite only
// (ADR 0021).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { expectRefusal, liftThrottles, registerAdmin, registerNamed } from '../support/accounts.ts';
import { createRide, createTestApp, type Member, rideBody, type TestApp } from '../support/api-client.ts';
import { createTestDatabase, oneBackend, ownerQuery, type TestDatabase } from '../support/databases.ts';
import { joinBody } from './ride-test-kit.ts';

const KEYS = { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) };
// Nothing listens on the discard port: a push to it could only fail, on this machine.
const device = (name: string) => `https://127.0.0.1:9/${name}`;

describe.each(oneBackend)('Web Push bounds and ride edits on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let serial = 0;

  beforeAll(async () => {
    // The test-only host setting that lets a push service on this machine be saved.
    vi.stubEnv('PUSH_ALLOW_LOOPBACK', '1');
    db = await createTestDatabase(backend);
    app = createTestApp(db.database);
    await registerAdmin(app);
    await liftThrottles(db);
    // liftThrottles lifts these too: back to what the migration set.
    await ownerQuery(db, `update private.throttle_limits set max_count = 10 where name = 'push:devices'`);
    await ownerQuery(db, `update private.throttle_limits set max_count = 1 where name = 'push:ride-changed'`);
  }, 120_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await db?.close();
  });

  const member = (prefix: string): Promise<Member> =>
    registerNamed(app, `${prefix}${Date.now().toString(36)}${(serial += 1)}`);

  async function subscribe(who: Member, endpoint: string, kinds: string[]) {
    const answer = await who.post('/api/push/subscriptions', { endpoint, keys: KEYS, kinds });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }

  async function subscribed(who: Member, endpoint: string): Promise<boolean> {
    return (await who.get(`/api/push/subscriptions/current?endpoint=${encodeURIComponent(endpoint)}`)).body.subscribed;
  }

  // Notifications written as a trigger writes them, and the devices each one queued, in one
  // transaction that leaves nothing queued behind.
  async function queuedFor(userId: number, rideId: number, kinds: string[]): Promise<number[]> {
    return db.database.transaction(async (tx) => {
      const counts: number[] = [];
      for (const kind of kinds) {
        const [note] = await tx.query<{ id: number }>(
          `insert into public.notifications (user_id, ride_id, kind, params)
           values ($1::integer, $2::integer, $3::text, '{}'::jsonb) returning id`,
          [userId, rideId, kind],
        );
        const [queued] = await tx.query<{ n: number }>(
          'select count(*)::integer as n from private.push_outbox where notification_id = $1::bigint',
          [note!.id],
        );
        counts.push(queued!.n);
      }
      await tx.query(
        'delete from private.push_outbox o using public.notifications n where n.id = o.notification_id and n.user_id = $1::integer',
        [userId],
      );
      return counts;
    });
  }

  it('keeps 10 devices a member: an 11th and 12th replace the two saved longest ago; saving again makes a device the newest', async () => {
    const spammer = await member('devices');
    const endpoints = Array.from({ length: 12 }, (_, i) => device(`${spammer.user.id}-${i}`));
    for (const endpoint of endpoints) await subscribe(spammer, endpoint, ['passenger_joined']);
    expect(await Promise.all(endpoints.map((endpoint) => subscribed(spammer, endpoint)))).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    const [{ n }] = await ownerQuery<{ n: number }>(
      db,
      'select count(*)::integer as n from public.push_subscriptions where user_id = $1::integer',
      [spammer.user.id],
    );
    expect(n).toBe(10);

    await subscribe(spammer, endpoints[2]!, ['passenger_joined', 'passenger_left']);
    await subscribe(spammer, device(`${spammer.user.id}-new`), ['passenger_joined']);
    expect(await subscribed(spammer, endpoints[2]!)).toBe(true);
    expect(await subscribed(spammer, endpoints[3]!)).toBe(false);
  });

  it("caps what one ride's events queue per window; the inbox still gets every event", async () => {
    await ownerQuery(db, `update private.throttle_limits set max_count = 5 where name = 'push:ride'`);
    try {
      const organiser = await member('capped');
      const ride = await createRide(organiser);
      for (let i = 0; i < 3; i += 1)
        await subscribe(organiser, device(`${organiser.user.id}-cap-${i}`), ['passenger_joined']);

      expect(
        await queuedFor(organiser.user.id, ride.id, ['passenger_joined', 'passenger_joined', 'passenger_joined']),
      ).toEqual([3, 2, 0]);
      const [{ n }] = await ownerQuery<{ n: number }>(
        db,
        'select count(*)::integer as n from public.notifications where ride_id = $1::integer',
        [ride.id],
      );
      expect(n).toBe(3);
      // Another ride has its own window.
      const other = await createRide(organiser);
      expect(await queuedFor(organiser.user.id, other.id, ['passenger_joined'])).toEqual([3]);
    } finally {
      await ownerQuery(db, `update private.throttle_limits set max_count = 120 where name = 'push:ride'`);
    }
  });

  it("wakes a member's devices once for a burst of 'ride changed', per ride", async () => {
    const passenger = await member('burst');
    const organiser = await member('burstorg');
    const ride = await createRide(organiser);
    const other = await createRide(organiser);
    for (let i = 0; i < 2; i += 1)
      await subscribe(passenger, device(`${passenger.user.id}-rc-${i}`), ['ride_changed', 'passenger_left']);

    expect(await queuedFor(passenger.user.id, ride.id, ['ride_changed', 'ride_changed', 'ride_changed'])).toEqual([
      2, 0, 0,
    ]);
    expect(await queuedFor(passenger.user.id, other.id, ['ride_changed'])).toEqual([2]);
    // Other kinds are not coalesced.
    expect(await queuedFor(passenger.user.id, ride.id, ['passenger_left', 'passenger_left'])).toEqual([2, 2]);
  });

  it('throttles an organiser’s ride edits like joins: 429 with Retry-After; a save that changes nothing, and joins, do not count', async () => {
    await ownerQuery(db, `update private.throttle_limits set max_count = 3 where name = 'rides:edits'`);
    try {
      const organiser = await member('editor');
      const passenger = await member('editpax');
      const body = rideBody({ maxPassengers: 6 });
      const ride = await createRide(organiser, body);
      for (const pickup of ['Tampines MRT', 'Bedok MRT', 'Changi Airport T3']) {
        expect(
          (await organiser.patch(`/api/rides/${ride.id}`, { ...body, pickupLocation: pickup })).status,
          pickup,
        ).toBe(200);
      }
      const refused = await organiser.patch(`/api/rides/${ride.id}`, {
        ...body,
        pickupLocation: 'Pasir Ris Interchange',
      });
      expectRefusal(refused, 429, /^Too many ride edits\. Please try again in \d+ (minute|minutes)\.$/);
      expect(refused.body.code).toBe('too_many_ride_edits');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);

      // The ride is as the third edit left it.
      expect((await organiser.get(`/api/rides/${ride.id}`)).body.pickupLocation).toBe('Changi Airport T3');
      expect(
        (await organiser.patch(`/api/rides/${ride.id}`, { ...body, pickupLocation: 'Changi Airport T3' })).status,
      ).toBe(200);
      expect((await passenger.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
      // Another organiser edits on.
      const someoneElse = await member('othereditor');
      const theirs = await createRide(someoneElse, body);
      expect(
        (await someoneElse.patch(`/api/rides/${theirs.id}`, { ...body, pickupLocation: 'Bishan MRT' })).status,
      ).toBe(200);
    } finally {
      await ownerQuery(db, `update private.throttle_limits set max_count = 1000000 where name = 'rides:edits'`);
    }
  });
});
