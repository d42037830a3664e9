// The ride page's "Cancel ride" (issue 37 §4): POST /api/rides/{id}/cancel with an optional
// reason. The organiser only, never a past ride; each passenger's 'ride_deleted' notice carries
// the reason and leads to Home's other rides that way. The reason's limit holds in the database
// too, for any caller that skips the api's schema.
import { beforeAll, describe, expect, it } from 'vitest';

import { notificationText } from '../../supabase/functions/_shared/notification-push-text.ts';
import { notificationPath } from '../../supabase/functions/_shared/notification-text.ts';
import { setCaller } from '../../supabase/functions/api/lib/database.ts';
import { expectRefusal } from '../support/accounts.ts';
import { createRide, type Member, registerMember, registerVendor } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody, makeRidePast } from './ride-test-kit.ts';

interface Event {
  user_id: number;
  kind: string;
  ride_id: number | null;
  params: Record<string, unknown>;
}

describe.each(backends)('cancelling a ride on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let organiser: Member;
  let bob: Member;
  let carol: Member;
  let vendor: Member;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'canc-org');
    bob = await registerMember(suite.app, 'canc-bob');
    carol = await registerMember(suite.app, 'canc-carol');
    vendor = await registerVendor(suite.app);
  });

  async function lastId(): Promise<number> {
    const [row] = await ownerQuery(suite.db, 'select coalesce(max(id), 0)::int as id from public.notifications');
    return row!.id;
  }

  async function eventsSince(mark: number): Promise<Event[]> {
    return ownerQuery<Event>(
      suite.db,
      'select user_id, kind, ride_id, params from public.notifications where id > $1::bigint order by id',
      [mark],
    );
  }

  async function rideWithPassengers(direction: 'SG->FC' | 'FC->SG' = 'SG->FC') {
    const ride = await createRide(organiser, { maxPassengers: 6, direction });
    for (const member of [bob, carol]) {
      expect((await member.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
    }
    return ride;
  }

  const rideExists = async (rideId: number) =>
    (await ownerQuery(suite.db, 'select 1 from public.rides where id = $1::integer', [rideId])).length === 1;

  it("tells each passenger, with the organiser's reason and a link to the rides that way", async () => {
    const ride = await rideWithPassengers('FC->SG');
    const mark = await lastId();
    const answer = await organiser.post(`/api/rides/${ride.id}/cancel`, { reason: '  The driver is ill  ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'Ride deleted successfully' });
    expect(await rideExists(ride.id)).toBe(false);

    const events = await eventsSince(mark);
    expect(events.map((event) => [event.user_id, event.kind]).sort()).toEqual(
      [
        [bob.user.id, 'ride_deleted'],
        [carol.user.id, 'ride_deleted'],
      ].sort(),
    );
    for (const event of events) {
      expect(event.params).toMatchObject({ rideId: ride.id, direction: 'FC->SG', reason: 'The driver is ill' });
      expect(notificationText('ride_deleted', event.params).body).toMatch(
        /was cancelled\. The organiser says: “The driver is ill”$/,
      );
      expect(notificationPath('ride_deleted', event.ride_id, event.params)).toBe('/home?direction=FC-%3ESG');
    }
  });

  it('leaves the reason out when none, or only spaces, is given', async () => {
    for (const body of [{}, { reason: null }, { reason: '   ' }]) {
      const ride = await rideWithPassengers();
      const mark = await lastId();
      expect((await organiser.post(`/api/rides/${ride.id}/cancel`, body)).status).toBe(200);
      const events = await eventsSince(mark);
      expect(events).toHaveLength(2);
      for (const event of events) expect(event.params).not.toHaveProperty('reason');
    }
  });

  it('a delete after a cancel in the same transaction carries no reason of the first', async () => {
    const first = await rideWithPassengers();
    const second = await rideWithPassengers();
    const mark = await lastId();
    await suite.db.database.transaction(async (tx) => {
      await setCaller(tx, { userId: organiser.user.id, isAdmin: false });
      await tx.query('set local role authenticated');
      await tx.query("select app.cancel_ride($1::integer, 'Rain')", [first.id]);
      await tx.query('delete from public.rides where id = $1::integer', [second.id]);
    });
    const events = await eventsSince(mark);
    const reasons = (rideId: number) =>
      events.filter((event) => event.params.rideId === rideId).map((event) => event.params.reason ?? null);
    expect(reasons(first.id)).toEqual(['Rain', 'Rain']);
    expect(reasons(second.id)).toEqual([null, null]);
  });

  it('refuses a reason over 300 characters, in the api and in the database; the ride stays', async () => {
    const ride = await rideWithPassengers();
    const mark = await lastId();
    expectRefusal(
      await organiser.post(`/api/rides/${ride.id}/cancel`, { reason: 'x'.repeat(301) }),
      400,
      'Reason must be at most 300 characters',
    );
    // Past the api's schema: app.cancel_ride says the same.
    await expect(
      suite.db.database.transaction(async (tx) => {
        await setCaller(tx, { userId: organiser.user.id, isAdmin: false });
        await tx.query('set local role authenticated');
        await tx.query('select app.cancel_ride($1::integer, $2::text)', [ride.id, 'x'.repeat(301)]);
      }),
    ).rejects.toThrow('Reason must be at most 300 characters');
    // And no notice keeps a longer one, whoever writes it.
    await expect(
      ownerQuery(
        suite.db,
        "insert into public.notifications (user_id, kind, params) values ($1, 'ride_deleted', $2::text::jsonb)",
        [bob.user.id, JSON.stringify({ reason: 'x'.repeat(301) })],
      ),
    ).rejects.toThrow(/notifications_reason_check/);
    expect(await rideExists(ride.id)).toBe(true);
    expect(await eventsSince(mark)).toEqual([]);
    // Exactly 300 is fine.
    expect((await organiser.post(`/api/rides/${ride.id}/cancel`, { reason: 'x'.repeat(300) })).status).toBe(200);
  });

  it('refuses anyone but the organiser, a past ride, an unknown ride and a bad id', async () => {
    const ride = await rideWithPassengers();
    for (const other of [bob, vendor]) {
      expectRefusal(
        await other.post(`/api/rides/${ride.id}/cancel`, {}),
        403,
        'You are not authorized to delete this ride',
      );
    }
    expect((await suite.anonymous.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(401);
    expectRefusal(await organiser.post('/api/rides/2147483647/cancel', {}), 404, 'Ride not found');
    expectRefusal(await organiser.post('/api/rides/abc/cancel', {}), 400);
    expectRefusal(await organiser.post(`/api/rides/${ride.id}/cancel`, { reason: 42 }), 400);
    expect(await rideExists(ride.id)).toBe(true);

    await makeRidePast(suite.db, ride.id);
    expectRefusal(
      await organiser.post(`/api/rides/${ride.id}/cancel`, { reason: 'Too late' }),
      409,
      'This ride is in the past and can no longer be deleted: it is the record of the trip',
    );
    expect(await rideExists(ride.id)).toBe(true);
  });
});
