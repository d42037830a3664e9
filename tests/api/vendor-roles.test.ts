// Issue 21 §4, migration 20261201001200: a ride's driver is never also its passenger (one SQL
// helper refuses the join and the waitlist alike; assigning refuses a vendor already aboard);
// the admin's approval and revocation reach the vendor's inbox and push outbox; a changed date
// or pickup keeps what it was, and the texts say "from → to".
import { beforeAll, describe, expect, it } from 'vitest';

import { notificationText } from '../../supabase/functions/_shared/notification-push-text.ts';
import { registerNamed } from '../support/accounts.ts';
import { createRide, type Member, registerMember, rideBody } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { approveVendor, LICENCE_NOTE } from '../support/vendors.ts';
import { joinBody } from './ride-test-kit.ts';

const vendorExtra = {
  isVendor: true,
  companyName: 'Causeway Cabs',
  driverDetails: { name: 'Ravi', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
};

describe.each(oneBackend)('vendors and their rides on %s', (backend) => {
  const suite = useSuite(backend, { admin: true, liftThrottles: true });
  let organiser: Member;
  let rider: Member;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'vrorg');
    rider = await registerMember(suite.app, 'vrrider');
  });

  async function approvedVendor(prefix: string): Promise<Member> {
    const vendor = await registerNamed(suite.app, `${prefix}${Date.now().toString(36)}`, vendorExtra);
    await approveVendor(suite, vendor.user.id);
    return vendor;
  }

  async function inboxKinds(member: Member): Promise<string[]> {
    const answer = await member.get('/api/notifications');
    expect(answer.status).toBe(200);
    return answer.body.items.map((item: { kind: string }) => item.kind);
  }

  describe('the driver of a ride', () => {
    it('is refused a seat and a waitlist place on it, in one coded text', async () => {
      const vendor = await approvedVendor('drv');
      const ride = await createRide(organiser, { maxPassengers: 2, organizerPassengerCount: 1 });
      expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);

      const join = await vendor.post(`/api/rides/${ride.id}/join`, joinBody());
      expect([join.status, join.body]).toEqual([
        409,
        {
          message: 'You are the driver of this ride',
          code: 'own_ride_driver',
          params: {},
          requestId: expect.any(String),
        },
      ]);

      expect((await rider.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
      const wait = await vendor.post(`/api/rides/${ride.id}/waitlist`, { passengerCount: 1, dropoffLocation: 'Bedok' });
      expect([wait.status, wait.body]).toEqual([
        409,
        {
          message: 'You are the driver of this ride',
          code: 'own_ride_driver',
          params: {},
          requestId: expect.any(String),
        },
      ]);

      const [counts] = await ownerQuery<{ seats: number; waiting: number }>(
        suite.db,
        `select (select count(*)::int from public.ride_passengers where ride_id = $1::integer and user_id = $2::integer) as seats,
                (select count(*)::int from public.ride_waitlist where ride_id = $1::integer and user_id = $2::integer) as waiting`,
        [ride.id, vendor.user.id],
      );
      expect(counts).toEqual({ seats: 0, waiting: 0 });
    });

    it('is refused by the one helper both joins call, which holds every shared check', async () => {
      const bodies = await ownerQuery<{ name: string; body: string }>(
        suite.db,
        `select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where (n.nspname, p.proname) in (('app', 'join_ride'), ('app', 'join_waitlist'), ('private', 'refuse_join'))`,
      );
      const byName = Object.fromEntries(bodies.map((row) => [row.name, row.body]));
      expect(Object.keys(byName).sort()).toEqual(['join_ride', 'join_waitlist', 'refuse_join']);
      const shared = [
        'You are the driver of this ride',
        'You cannot join your own ride',
        'You have already joined this ride',
        'This ride is completed',
      ];
      for (const text of shared) expect(byName.refuse_join).toContain(text);
      // A past ride is refused by the rule of what a past ride keeps, which it asks.
      expect(byName.refuse_join).toContain("private.refuse_past_change(p_ride, 'join')");
      for (const caller of ['join_ride', 'join_waitlist']) {
        expect(byName[caller]).toContain('private.refuse_join(v_ride, v_uid)');
        for (const text of [...shared, 'cannot be joined', 'refuse_past_change']) {
          expect(byName[caller], `${caller} repeats "${text}"`).not.toContain(text);
        }
      }
    });
  });

  describe('a vendor as a passenger', () => {
    it('may join a ride it does not drive, pending or approved, as today', async () => {
      const pending = await registerNamed(suite.app, `pend${Date.now().toString(36)}`, vendorExtra);
      const ride = await createRide(organiser, { maxPassengers: 6 });
      expect((await pending.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
      const approved = await approvedVendor('rides');
      expect((await approved.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
    });

    it('does not also drive that ride: assigning is refused until it leaves', async () => {
      const vendor = await approvedVendor('aboard');
      const ride = await createRide(organiser, { maxPassengers: 6 });
      const joined = await vendor.post(`/api/rides/${ride.id}/join`, joinBody());
      expect(joined.status).toBe(201);
      const assign = await vendor.post(`/api/rides/${ride.id}/assign`);
      expect([assign.status, assign.body]).toEqual([
        409,
        {
          message: 'You are a passenger on this ride: leave it before you take it as its driver',
          code: 'passenger_cannot_drive',
          params: {},
          requestId: expect.any(String),
        },
      ]);
      expect((await vendor.delete(`/api/rides/${ride.id}/passengers/${joined.body.passengerId}`)).status).toBe(200);
      expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
    });
  });

  describe('the admin’s decision', () => {
    it('tells the vendor when approved and when revoked (inbox), never the admin', async () => {
      const vendor = await registerNamed(suite.app, `dec${Date.now().toString(36)}`, vendorExtra);
      expect(await inboxKinds(vendor)).toEqual([]);
      expect(
        (await suite.admin.post(`/api/admin/vendors/${vendor.user.id}/approve`, { licenceNote: LICENCE_NOTE })).status,
      ).toBe(200);
      expect(await inboxKinds(vendor)).toEqual(['vendor_approved']);
      expect((await suite.admin.post(`/api/admin/vendors/${vendor.user.id}/revoke`)).status).toBe(200);
      expect(await inboxKinds(vendor)).toEqual(['vendor_revoked', 'vendor_approved']);
      const answer = await vendor.get('/api/notifications');
      expect(answer.body.items[0]).toMatchObject({ rideId: null, params: { vendorName: 'Causeway Cabs' } });
      expect(await inboxKinds(suite.admin)).not.toContain('vendor_approved');
      expect(notificationText('vendor_revoked', answer.body.items[0].params).title).toBe('Vendor approval withdrawn');
    });

    it('tells the vendor when decided in the SQL editor, and queues a push for a device that opted in', async () => {
      const vendor = await registerNamed(suite.app, `sqled${Date.now().toString(36)}`, vendorExtra);
      const subscribed = await vendor.post('/api/push/subscriptions', {
        endpoint: `https://fcm.googleapis.com/fcm/send/test-${vendor.user.id}`,
        keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
        kinds: ['vendor_approved', 'vendor_revoked'],
      });
      expect(subscribed.status, JSON.stringify(subscribed.body)).toBeLessThan(300);
      await approveVendor(suite, vendor.user.id);
      const queued = await ownerQuery<{ kind: string }>(
        suite.db,
        `select n.kind from private.push_outbox o join public.notifications n on n.id = o.notification_id
          where n.user_id = $1::integer`,
        [vendor.user.id],
      );
      expect(queued).toEqual([{ kind: 'vendor_approved' }]);
      // Nothing is sent from a test: the device goes, and what it had queued with it.
      await ownerQuery(suite.db, 'delete from public.push_subscriptions where user_id = $1::integer', [vendor.user.id]);
      // Filing again (made a vendor anew) is back to pending: nothing new to tell.
      await ownerQuery(suite.db, 'update public.users set is_vendor = false where id = $1::integer', [vendor.user.id]);
      await ownerQuery(suite.db, 'update public.users set is_vendor = true where id = $1::integer', [vendor.user.id]);
      expect(await inboxKinds(vendor)).toEqual(['vendor_approved']);
    });
  });

  describe('a changed ride', () => {
    it('keeps the old date and pickup beside the new ones, and the text says from → to', async () => {
      const body = rideBody({ maxPassengers: 6, date: '2027-12-05T10:00:00.000Z' });
      const ride = await createRide(organiser, body);
      expect((await rider.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
      const [{ mark }] = await ownerQuery<{ mark: number }>(
        suite.db,
        'select coalesce(max(id), 0)::int as mark from public.notifications',
      );

      const moved = await organiser.patch(`/api/rides/${ride.id}`, {
        ...body,
        date: '2027-12-05T11:30:00.000Z',
        pickupLocation: 'Tampines MRT',
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const [event] = await ownerQuery<{ params: Record<string, unknown> }>(
        suite.db,
        'select params from public.notifications where id > $1::bigint and user_id = $2::integer',
        [mark, rider.user.id],
      );
      expect(event!.params).toMatchObject({
        changed: ['date', 'pickup'],
        previousDate: '2027-12-05T10:00:00.000Z',
        date: '2027-12-05T11:30:00.000Z',
        previousPickup: body.pickupLocation,
        pickup: 'Tampines MRT',
      });
      expect(notificationText('ride_changed', event!.params).body).toBe(
        'Your Singapore → Forest City ride moved: Sun 5 Dec, 6:00 pm → 7:30 pm. Its pickup changed too.',
      );
    });
  });
});
