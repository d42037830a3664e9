// Abuse: the "vendor land-grab" row of issue 11 (register with isVendor: true, call assign on
// every open ride) reproduced and refused, and what replaces trust-on-registration: the admin's
// approval and revoke, release by the vendor or the organiser, at most 10 upcoming assignments
// per vendor, and the vendor card readable by the people on the ride only. Real databases:
// PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { beforeAll, describe, expect, it } from 'vitest';

import { RequestDb } from '../../supabase/functions/api/lib/database.ts';
import { expectRefusal } from '../support/accounts.ts';
import { createRide, type Member, registerMember, registerVendor } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { approveVendor, LICENCE_NOTE, registerApprovedVendor } from '../support/vendors.ts';
import { joinBody, makeRidePast } from './ride-test-kit.ts';

const WAITING = "Your vendor account is waiting for the admin's approval";
const CAP =
  'You already have 10 upcoming assigned rides, the most a vendor can hold at once. Release one or wait until one has departed';

describe.each(backends)('vendor abuse on %s', (backend) => {
  const suite = useSuite(backend, { admin: true, liftThrottles: true });
  // Several organisers, so that the rides this suite needs stay within any per-organiser limit.
  const organisers: Member[] = [];
  let passenger: Member;
  let stranger: Member;

  beforeAll(async () => {
    for (let index = 0; index < 4; index += 1) organisers.push(await registerMember(suite.app, `org${index}`));
    passenger = await registerMember(suite.app, 'pax');
    stranger = await registerMember(suite.app, 'stranger');
  });

  let nextOrganiser = 0;
  // Rides come from the organisers in turn.
  async function openRide(): Promise<any> {
    const organiser = organisers[nextOrganiser % organisers.length]!;
    nextOrganiser += 1;
    return { ...(await createRide(organiser)), organiser };
  }

  async function rideRow(rideId: number) {
    const [row] = await ownerQuery(
      suite.db,
      'select status::text as status, vendor_id from public.rides where id = $1::integer',
      [rideId],
    );
    return row;
  }

  async function upcomingAssignments(vendorId: number): Promise<number> {
    const [row] = await ownerQuery<{ n: number }>(
      suite.db,
      "select count(*)::int as n from public.rides where vendor_id = $1::integer and status = 'assigned' and date > now()",
      [vendorId],
    );
    return row!.n;
  }

  // One transaction as the api would run a member's request (RequestDb sets the caller the way
  // the api does), always rolled back.
  async function asMember<T>(userId: number, work: (db: RequestDb) => Promise<T>, isAdmin = false): Promise<T | Error> {
    const rollback = new Error('rollback');
    let result: T | Error | undefined;
    try {
      await suite.db.database.transaction(async (tx) => {
        const db = new RequestDb(tx);
        await db.actAs({ userId, isAdmin });
        try {
          result = await work(db);
        } catch (error) {
          result = error as Error;
        }
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    return result as T | Error;
  }

  describe('the land-grab: register as a vendor, assign every open ride', () => {
    it('is refused for every ride while the account waits for approval, and no ride is taken', async () => {
      const rides = await Promise.all(Array.from({ length: 12 }, () => openRide()));
      const grabber = await registerVendor(suite.app);
      expect(grabber.user.vendorStatus).toBe('pending');

      const open = (await grabber.get('/api/rides')).body.filter((ride: any) => ride.status === 'open');
      expect(open.length).toBeGreaterThanOrEqual(rides.length);
      for (const ride of open) expectRefusal(await grabber.post(`/api/rides/${ride.id}/assign`), 403, WAITING);
      for (const ride of rides) expect(await rideRow(ride.id)).toEqual({ status: 'open', vendor_id: null });
    });

    it('stops at 10 once approved (the 11th is a clear 409), and the admin revoking puts every ride back', async () => {
      const rides = await Promise.all(Array.from({ length: 12 }, () => openRide()));
      const vendor = await registerApprovedVendor(suite);
      const passengerJoined = await passenger.post(`/api/rides/${rides[0].id}/join`, joinBody());
      expect(passengerJoined.status).toBe(201);

      for (const ride of rides.slice(0, 10))
        expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      for (const ride of rides.slice(10)) expectRefusal(await vendor.post(`/api/rides/${ride.id}/assign`), 409, CAP);
      expect(await upcomingAssignments(vendor.user.id)).toBe(10);
      for (const ride of rides.slice(10)) expect(await rideRow(ride.id)).toEqual({ status: 'open', vendor_id: null });

      const revoked = await suite.admin.post(`/api/admin/vendors/${vendor.user.id}/revoke`);
      expect(revoked.status).toBe(200);
      expect(revoked.body.released).toBe(10);
      expect(revoked.body.message).toBe(
        `${vendor.user.discordUsername} is revoked: they cannot take rides, and 10 upcoming rides are open again`,
      );
      for (const ride of rides) expect(await rideRow(ride.id)).toEqual({ status: 'open', vendor_id: null });
      // Nothing else lost: the passenger is still on their ride.
      const passengers = (await passenger.get(`/api/rides/${rides[0].id}/passengers`)).body;
      expect(passengers.map((entry: any) => entry.userId)).toContain(passenger.user.id);
      expectRefusal(
        await vendor.post(`/api/rides/${rides[0].id}/assign`),
        403,
        'Your vendor account is no longer approved by the admin, so it cannot take rides',
      );
    });

    it('revoking keeps past rides with their vendor (history) and releases only upcoming ones', async () => {
      const [past, upcoming] = [await openRide(), await openRide()];
      const vendor = await registerApprovedVendor(suite);
      for (const ride of [past, upcoming]) expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      await makeRidePast(suite.db, past.id);
      const revoked = await suite.admin.post(`/api/admin/vendors/${vendor.user.id}/revoke`);
      expect(revoked.body.released).toBe(1);
      expect(await rideRow(past.id)).toEqual({ status: 'assigned', vendor_id: vendor.user.id });
      expect(await rideRow(upcoming.id)).toEqual({ status: 'open', vendor_id: null });
    });
  });

  describe('at most 10 upcoming assignments', () => {
    it('counts upcoming rides only: a departed one frees its place, and so does a release', async () => {
      const rides = await Promise.all(Array.from({ length: 12 }, () => openRide()));
      const vendor = await registerApprovedVendor(suite);
      for (const ride of rides.slice(0, 10))
        expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      expectRefusal(await vendor.post(`/api/rides/${rides[10].id}/assign`), 409, CAP);

      await makeRidePast(suite.db, rides[0].id);
      expect((await vendor.post(`/api/rides/${rides[10].id}/assign`)).status).toBe(200);
      expectRefusal(await vendor.post(`/api/rides/${rides[11].id}/assign`), 409, CAP);

      expect((await vendor.post(`/api/rides/${rides[1].id}/release`)).status).toBe(200);
      expect((await vendor.post(`/api/rides/${rides[11].id}/assign`)).status).toBe(200);
      expect(await upcomingAssignments(vendor.user.id)).toBe(10);
    });

    it('holds under concurrency: a vendor with 8 sending 6 assigns at once gets exactly 2', async () => {
      const rides = await Promise.all(Array.from({ length: 14 }, () => openRide()));
      const vendor = await registerApprovedVendor(suite);
      for (const ride of rides.slice(0, 8))
        expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      const answers = await Promise.all(rides.slice(8).map((ride) => vendor.post(`/api/rides/${ride.id}/assign`)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
      for (const answer of answers.filter((candidate) => candidate.status === 409)) expectRefusal(answer, 409, CAP);
      expect(await upcomingAssignments(vendor.user.id)).toBe(10);
    });
  });

  describe('POST /api/rides/{id}/release', () => {
    let vendor: Member;
    let otherVendor: Member;

    beforeAll(async () => {
      vendor = await registerApprovedVendor(suite);
      otherVendor = await registerApprovedVendor(suite);
    });

    async function assignedRide() {
      const ride = await openRide();
      expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      return ride;
    }

    it('lets the vendor give the ride back: open again, and another vendor can take it', async () => {
      const ride = await assignedRide();
      const answer = await vendor.post(`/api/rides/${ride.id}/release`);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Driver released: the ride is open again');
      expect(answer.body.ride).toMatchObject({ id: ride.id, status: 'open', vendorId: null });
      expect(await rideRow(ride.id)).toEqual({ status: 'open', vendor_id: null });
      expect((await otherVendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
    });

    it("lets the ride's organiser let the vendor go", async () => {
      const ride = await assignedRide();
      const answer = await ride.organiser.post(`/api/rides/${ride.id}/release`);
      expect(answer.status).toBe(200);
      expect(answer.body.ride).toMatchObject({ status: 'open', vendorId: null });
      // The released vendor sees it gone from their dashboard.
      expect((await vendor.get('/api/vendor/rides')).body.map((r: any) => r.id)).not.toContain(ride.id);
    });

    it('refuses passengers, other members, other vendors and the admin (403), anonymous callers (401)', async () => {
      const ride = await assignedRide();
      expect((await passenger.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
      for (const caller of [passenger, stranger, otherVendor, suite.admin]) {
        expectRefusal(
          await caller.post(`/api/rides/${ride.id}/release`),
          403,
          'Only the organizer or the assigned vendor can release this ride',
        );
      }
      expectRefusal(await suite.anonymous.post(`/api/rides/${ride.id}/release`), 401);
      expect(await rideRow(ride.id)).toEqual({ status: 'assigned', vendor_id: vendor.user.id });
    });

    it('refuses a past ride (409): its vendor stays on record', async () => {
      const ride = await assignedRide();
      await makeRidePast(suite.db, ride.id);
      for (const caller of [vendor, ride.organiser]) {
        expectRefusal(
          await caller.post(`/api/rides/${ride.id}/release`),
          409,
          'This ride is in the past: its vendor stays on record',
        );
      }
      expect(await rideRow(ride.id)).toEqual({ status: 'assigned', vendor_id: vendor.user.id });
    });

    it('refuses an open ride (409), an unknown ride (404) and a bad id (400)', async () => {
      const ride = await openRide();
      expectRefusal(
        await ride.organiser.post(`/api/rides/${ride.id}/release`),
        409,
        'This ride has no vendor to release',
      );
      expectRefusal(await vendor.post('/api/rides/987654/release'), 404, 'Ride not found');
      expectRefusal(await vendor.post('/api/rides/abc/release'), 400, 'Invalid ride id');
    });
  });

  describe('GET /api/rides/{id}/vendor: the vendor card', () => {
    let vendor: Member;
    let otherVendor: Member;
    let ride: any;

    beforeAll(async () => {
      vendor = await registerMember(suite.app, 'cardvendor', {
        isVendor: true,
        companyName: 'Straits Transport',
        malaysianNumber: '+60 12 000 1111',
        driverDetails: { name: 'Raju', contact: '+60 12 000 2222', carNumber: 'JJX 8888' },
      });
      await approveVendor(suite, vendor.user.id);
      otherVendor = await registerApprovedVendor(suite);
      ride = await openRide();
      expect((await passenger.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
      expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
    });

    it('shows the organiser, each passenger and the vendor the company, driver, plate and contact', async () => {
      for (const caller of [ride.organiser, passenger, vendor]) {
        const answer = await caller.get(`/api/rides/${ride.id}/vendor`);
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({
          vendor: {
            id: vendor.user.id,
            companyName: 'Straits Transport',
            driverName: 'Raju',
            driverContact: '+60 12 000 2222',
            carNumber: 'JJX 8888',
            discordUsername: vendor.user.discordUsername,
            whatsappNumber: '+6591234567',
            malaysianNumber: '+60120001111',
          },
        });
      }
    });

    it('refuses other members, other vendors and the admin (403), anonymous callers (401), and leaks nothing', async () => {
      for (const caller of [stranger, otherVendor, suite.admin]) {
        const answer = await caller.get(`/api/rides/${ride.id}/vendor`);
        expectRefusal(answer, 403, 'Only the organizer, the passengers and the vendor of this ride can see its vendor');
        expect(JSON.stringify(answer.body)).not.toMatch(/JJX 8888|Raju|000 2222/);
      }
      expectRefusal(await suite.anonymous.get(`/api/rides/${ride.id}/vendor`), 401);
      expectRefusal(await stranger.get('/api/rides/987654/vendor'), 404, 'Ride not found');
      expectRefusal(await stranger.get('/api/rides/x/vendor'), 400, 'Invalid ride id');
    });

    it('stops showing it to a passenger who left', async () => {
      const other = await openRide();
      const leaver = await registerMember(suite.app, 'leaver');
      const joined = await leaver.post(`/api/rides/${other.id}/join`, joinBody());
      expect((await vendor.post(`/api/rides/${other.id}/assign`)).status).toBe(200);
      expect((await leaver.get(`/api/rides/${other.id}/vendor`)).status).toBe(200);
      expect((await leaver.delete(`/api/rides/${other.id}/passengers/${joined.body.passengerId}`)).status).toBe(200);
      expectRefusal(await leaver.get(`/api/rides/${other.id}/vendor`), 403);
    });

    it('answers vendor: null to the organiser while the ride is open', async () => {
      const open = await openRide();
      const answer = await open.organiser.get(`/api/rides/${open.id}/vendor`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ vendor: null });
    });
  });

  describe('in the database itself', () => {
    it('keeps applications to their vendor and the admin, and the licence note to the admin', async () => {
      const vendor = await registerApprovedVendor(suite);
      const other = await registerVendor(suite.app);
      const seen = await asMember(vendor.user.id, (db) =>
        db.query('select user_id, status from public.vendor_applications'),
      );
      expect(seen).toEqual([{ user_id: vendor.user.id, status: 'approved' }]);
      const note = await asMember(vendor.user.id, (db) =>
        db.query('select licence_note from public.vendor_applications'),
      );
      expect(String(note)).toMatch(/permission denied/i);
      const all = await asMember(
        1,
        (db) => db.query<{ user_id: number }>('select user_id from public.vendor_applications'),
        true,
      );
      expect((all as { user_id: number }[]).map((row) => row.user_id)).toEqual(
        expect.arrayContaining([vendor.user.id, other.user.id]),
      );
    });

    it.each([
      [
        'approve itself',
        (id: number) =>
          `update public.vendor_applications set status = 'approved', licence_note = 'me' where user_id = ${id}`,
      ],
      [
        'file a row',
        (id: number) => `insert into public.vendor_applications (user_id, status) values (${id}, 'approved')`,
      ],
      ['delete its row', (id: number) => `delete from public.vendor_applications where user_id = ${id}`],
    ])('refuses a vendor trying to %s directly', async (_label, statement) => {
      const vendor = await registerVendor(suite.app);
      const error = await asMember(vendor.user.id, (db) => db.query(statement(vendor.user.id)));
      expect(String(error)).toMatch(/permission denied/i);
    });

    it('refuses app.approve_vendor to a member who is not the admin, and leaves no public.assign_ride', async () => {
      const vendor = await registerVendor(suite.app);
      const error = await asMember(vendor.user.id, (db) =>
        db.query('select app.approve_vendor($1::integer, $2::text)', [vendor.user.id, LICENCE_NOTE]),
      );
      expect(error).toMatchObject({ code: 'PT403', message: 'Only the admin can do that' });
      const [row] = await ownerQuery(suite.db, "select to_regprocedure('public.assign_ride(integer)') is null as gone");
      expect(row).toEqual({ gone: true });
    });

    it('gives the SQL editor the same review: list, approve with a note, revoke', async () => {
      const vendor = await registerVendor(suite.app);
      const name = vendor.user.discordUsername;
      const listed = await ownerQuery(
        suite.db,
        'select status, company_name, car_number from admin.vendor_applications() where user_id = $1::integer',
        [vendor.user.id],
      );
      expect(listed).toEqual([{ status: 'pending', company_name: 'Border Cars Pte Ltd', car_number: 'JQA 1234' }]);
      const [approved] = await ownerQuery(suite.db, 'select admin.approve_vendor($1::text, $2::text) as message', [
        name.toUpperCase(),
        LICENCE_NOTE,
      ]);
      expect(approved!.message).toBe(`${name} (id ${vendor.user.id}) is an approved vendor`);
      const ride = await openRide();
      expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      const [revoked] = await ownerQuery(suite.db, 'select admin.revoke_vendor($1::text) as message', [name]);
      expect(revoked!.message).toBe(`${name} (id ${vendor.user.id}) revoked; 1 upcoming ride(s) back to open`);
      await expect(ownerQuery(suite.db, "select admin.approve_vendor($1::text, '  ')", [name])).rejects.toThrow(
        /Licence note is required/,
      );
    });
  });
});
