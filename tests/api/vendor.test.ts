// Vendors: assigning themselves a ride and their dashboard list (SPEC §2 vendor page, §4, §6, §7).
import { beforeAll, describe, expect, it } from 'vitest';

import { createRide, type Member, registerMember, registerVendor, rideBody } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { approveVendor, registerApprovedVendor } from '../support/vendors.ts';
import { joinBody, makeRidePast } from './ride-test-kit.ts';

describe.each(oneBackend)('vendors on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let member: Member;
  let vendorA: Member;
  let vendorB: Member;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'org');
    member = await registerMember(suite.app, 'mem');
    vendorA = await registerApprovedVendor(suite);
    vendorB = await registerApprovedVendor(suite);
  });

  async function statusOf(rideId: number) {
    const [row] = await ownerQuery(
      suite.db,
      'select status::text as status, vendor_id from public.rides where id = $1::integer',
      [rideId],
    );
    return row;
  }

  describe('POST /api/rides/{id}/assign', () => {
    it('moves an open ride to assigned with the vendor as vendorId', async () => {
      const ride = await createRide(organiser);
      expect(ride).toMatchObject({ status: 'open', vendorId: null });
      const answer = await vendorA.post(`/api/rides/${ride.id}/assign`);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Ride assigned successfully');
      expect(answer.body.ride).toMatchObject({ id: ride.id, status: 'assigned', vendorId: vendorA.user.id });
      expect((await suite.anonymous.get(`/api/rides/${ride.id}`)).body).toMatchObject({
        status: 'assigned',
        vendorId: vendorA.user.id,
      });
      expect(await statusOf(ride.id)).toEqual({ status: 'assigned', vendor_id: vendorA.user.id });
    });

    it('refuses a ride that is already assigned (409), whoever asks; the first vendor keeps it', async () => {
      const ride = await createRide(organiser);
      expect((await vendorA.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      for (const vendor of [vendorB, vendorA]) {
        const answer = await vendor.post(`/api/rides/${ride.id}/assign`);
        expect(answer.status).toBe(409);
        expect(answer.body.message).toBe('This ride has already been assigned');
      }
      expect(await statusOf(ride.id)).toEqual({ status: 'assigned', vendor_id: vendorA.user.id });
    });

    it('refuses members, including the organiser (403), and anonymous callers (401)', async () => {
      const ride = await createRide(organiser);
      for (const notVendor of [member, organiser]) {
        const answer = await notVendor.post(`/api/rides/${ride.id}/assign`);
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe('Only vendors can assign rides');
      }
      expect((await suite.anonymous.post(`/api/rides/${ride.id}/assign`)).status).toBe(401);
      expect(await statusOf(ride.id)).toEqual({ status: 'open', vendor_id: null });
    });

    it('refuses a vendor the admin has not approved yet (403), saying why; approved, the same vendor may', async () => {
      const ride = await createRide(organiser);
      const waiting = await registerVendor(suite.app);
      expect(waiting.user.vendorStatus).toBe('pending');
      const answer = await waiting.post(`/api/rides/${ride.id}/assign`);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe("Your vendor account is waiting for the admin's approval");
      expect(await statusOf(ride.id)).toEqual({ status: 'open', vendor_id: null });

      await approveVendor(suite, waiting.user.id);
      expect((await waiting.get('/api/auth/me')).body.vendorStatus).toBe('approved');
      expect((await waiting.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      expect(await statusOf(ride.id)).toEqual({ status: 'assigned', vendor_id: waiting.user.id });
    });

    it('refuses a ride whose date has passed (409)', async () => {
      const ride = await createRide(organiser);
      await makeRidePast(suite.db, ride.id);
      const answer = await vendorA.post(`/api/rides/${ride.id}/assign`);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('This ride is in the past');
      expect(await statusOf(ride.id)).toEqual({ status: 'open', vendor_id: null });
    });

    it('answers 404 for an unknown ride and 400 for a bad id', async () => {
      const answer = await vendorA.post('/api/rides/987654/assign');
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Ride not found');
      expect((await vendorA.post('/api/rides/abc/assign')).status).toBe(400);
    });

    it('keeps an assigned ride joinable and editable by its organiser', async () => {
      const ride = await createRide(organiser, { maxPassengers: 4 });
      expect((await vendorB.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      const joined = await member.post(`/api/rides/${ride.id}/join`, joinBody());
      expect(joined.status).toBe(201);
      expect(joined.body.ride).toMatchObject({ status: 'assigned', currentPassengers: 2 });
      const edited = await organiser.patch(`/api/rides/${ride.id}`, rideBody({ date: ride.date, maxPassengers: 6 }));
      expect(edited.status).toBe(200);
      // Editing the form does not undo the assignment.
      expect(edited.body).toMatchObject({ status: 'assigned', vendorId: vendorB.user.id, maxPassengers: 6 });
    });
  });

  describe('GET /api/vendor/rides', () => {
    it('opens for a vendor still waiting for approval, with nothing assigned', async () => {
      const waiting = await registerVendor(suite.app);
      const answer = await waiting.get('/api/vendor/rides');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
    });

    it('lists only the rides assigned to me', async () => {
      const mine1 = await createRide(organiser);
      const mine2 = await createRide(organiser, { direction: 'FC->SG' });
      const theirs = await createRide(organiser);
      const open = await createRide(organiser);
      const fresh = await registerApprovedVendor(suite);
      const other = await registerApprovedVendor(suite);
      expect((await fresh.get('/api/vendor/rides')).body).toEqual([]);
      expect((await fresh.post(`/api/rides/${mine1.id}/assign`)).status).toBe(200);
      expect((await fresh.post(`/api/rides/${mine2.id}/assign`)).status).toBe(200);
      expect((await other.post(`/api/rides/${theirs.id}/assign`)).status).toBe(200);

      const answer = await fresh.get('/api/vendor/rides');
      expect(answer.status).toBe(200);
      expect(answer.body.map((r: any) => r.id).sort()).toEqual([mine1.id, mine2.id].sort());
      for (const ride of answer.body) expect(ride).toMatchObject({ status: 'assigned', vendorId: fresh.user.id });
      // Vendors are members: they see the organiser contacts.
      expect(answer.body[0].creator.discordUsername).toBe(organiser.user.discordUsername);
      expect(answer.body.some((r: any) => r.id === open.id || r.id === theirs.id)).toBe(false);

      const otherList = await other.get('/api/vendor/rides');
      expect(otherList.body.map((r: any) => r.id)).toEqual([theirs.id]);
    });

    it('refuses members who are not vendors (403) and anonymous callers (401)', async () => {
      for (const notVendor of [member, organiser]) {
        const answer = await notVendor.get('/api/vendor/rides');
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe('Only vendors have a vendor dashboard');
      }
      expect((await suite.anonymous.get('/api/vendor/rides')).status).toBe(401);
    });

    it('lets vendors see open rides in the general list for their Available Rides tab', async () => {
      const ride = await createRide(organiser);
      const answer = await vendorA.get('/api/rides');
      expect(answer.status).toBe(200);
      expect(answer.body.find((r: any) => r.id === ride.id)).toMatchObject({ status: 'open', vendorId: null });
    });
  });
});
