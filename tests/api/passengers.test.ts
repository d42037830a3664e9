// Joining, the passenger list, leaving and removal (SPEC §4, §5 join form, §6, §7).
import { beforeAll, describe, expect, it } from 'vitest';

import { stopKey } from '../../supabase/functions/_shared/stops.ts';
import { createRide, type Member, registerMember, registerVendor } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { approveVendor } from '../support/vendors.ts';
import { joinBody, makeRidePast, rideCounts } from './ride-test-kit.ts';

describe.each(oneBackend)('passengers on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let vendor: Member;

  beforeAll(async () => {
    // One organiser runs every case here: more rides than the ride throttle lets a person hold.
    organiser = await registerMember(suite.app, 'org');
    alice = await registerMember(suite.app, 'alice', {
      malaysianNumber: '+60 11 2222 3333',
      revolutUsername: 'alicerev',
    });
    bob = await registerMember(suite.app, 'bob');
    carol = await registerMember(suite.app, 'carol');
    vendor = await registerVendor(suite.app);
  });

  async function entryOf(rideId: number, client: Member): Promise<number> {
    const rows = await ownerQuery(
      suite.db,
      'select id from public.ride_passengers where ride_id = $1::integer and user_id = $2::integer',
      [rideId, client.user.id],
    );
    if (!rows[0]) throw new Error('no passenger entry');
    return rows[0].id;
  }

  describe('POST /api/rides/{id}/join', () => {
    it('joins (201) and grows currentPassengers by passengerCount', async () => {
      const ride = await createRide(organiser, { maxPassengers: 6, organizerPassengerCount: 2 });
      const answer = await alice.post(`/api/rides/${ride.id}/join`, {
        rideId: ride.id,
        passengerCount: 3,
        dropoffLocation: '  Bedok Mall ',
      });
      expect(answer.status).toBe(201);
      expect(answer.body.message).toBe('Successfully joined the ride');
      expect(answer.body.passengerId).toEqual(expect.any(Number));
      expect(answer.body.ride).toMatchObject({ id: ride.id, currentPassengers: 5, organizerPassengerCount: 2 });
      expect((await suite.anonymous.get(`/api/rides/${ride.id}`)).body.currentPassengers).toBe(5);
      const [row] = await ownerQuery(suite.db, 'select * from public.ride_passengers where id = $1::integer', [
        answer.body.passengerId,
      ]);
      expect(row).toMatchObject({
        ride_id: ride.id,
        user_id: alice.user.id,
        passenger_count: 3,
        dropoff_location: 'Bedok Mall',
      });
      expect(await rideCounts(suite.db, ride.id)).toMatchObject({ current: 5, organiser: 2, passengerSum: 3, rows: 1 });
    });

    it('defaults passengerCount to 1 with the join page payload (rideId + dropoffLocation)', async () => {
      const ride = await createRide(organiser, { maxPassengers: 5 });
      const asNumber = await alice.post(`/api/rides/${ride.id}/join`, { rideId: ride.id, dropoffLocation: 'Tampines' });
      expect(asNumber.status).toBe(201);
      expect(asNumber.body.ride.currentPassengers).toBe(2);
      // The id may also arrive as the route's string.
      const asString = await bob.post(`/api/rides/${ride.id}/join`, {
        rideId: String(ride.id),
        dropoffLocation: 'Simei',
      });
      expect(asString.status).toBe(201);
      expect(asString.body.ride.currentPassengers).toBe(3);
      const passengers = (await organiser.get(`/api/rides/${ride.id}/passengers`)).body;
      expect(passengers.map((p: any) => p.passengerCount)).toEqual([1, 1]);
    });

    it('counts distinct drop-offs other than the organiser stop as additional stops', async () => {
      const ride = await createRide(organiser, { maxPassengers: 8, pickupLocation: 'Pasir Ris MRT' });
      const same = await alice.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'pasir ris mrt ' }));
      expect(same.body.ride.additionalStops).toBe(0);
      const other = await bob.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Bedok' }));
      expect(other.body.ride.additionalStops).toBe(1);
      const again = await carol.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'BEDOK' }));
      expect(again.body.ride.additionalStops).toBe(1);
      expect(again.body.ride.cost).toBe(80);
    });

    // Issue 37 §2: the pickup written with its note, or another passenger's stop written with a
    // comma less, is the same place: no extra stop, no +$5.
    it('counts a stop that is the pickup, or another passenger’s, written differently, as no extra stop', async () => {
      const ride = await createRide(organiser, {
        maxPassengers: 8,
        pickupLocation: 'Clementi MRT Station, Exit B (beside the taxi stand)',
      });
      const atPickup = await alice.post(
        `/api/rides/${ride.id}/join`,
        joinBody({ dropoffLocation: 'Clementi MRT Station, Exit B' }),
      );
      expect(atPickup.status, JSON.stringify(atPickup.body)).toBe(201);
      expect(atPickup.body.ride.additionalStops).toBe(0);
      const elsewhere = await bob.post(
        `/api/rides/${ride.id}/join`,
        joinBody({ dropoffLocation: 'Jurong East, Exit C' }),
      );
      expect(elsewhere.body.ride.additionalStops).toBe(1);
      const sameAsBob = await carol.post(
        `/api/rides/${ride.id}/join`,
        joinBody({ dropoffLocation: 'jurong east exit c (by the bus stop)' }),
      );
      expect(sameAsBob.body.ride.additionalStops).toBe(1);
    });

    it('tells stops apart as the PWA does (stopKey and private.stop_key agree)', async () => {
      const places = [
        'Clementi MRT Station, Exit B (beside the taxi stand)',
        '  PASIR-RIS  mrt ',
        'Bedok (Interchange) Mall',
        '(just a note)',
        'Jalan Ampang 12/3',
        '金文泰地铁站 B出口',
        'Tampines\u00a0MRT',
      ];
      const rows = await ownerQuery<{ key: string }>(
        suite.db,
        'select private.stop_key(place) as key from unnest($1::text[]) with ordinality as t (place, ord) order by ord',
        [places],
      );
      expect(rows.map((row) => row.key)).toEqual(places.map((place) => stopKey(place)));
    });

    it('refuses anonymous callers with 401', async () => {
      const ride = await createRide(organiser);
      const answer = await suite.anonymous.post(`/api/rides/${ride.id}/join`, joinBody());
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('You must be logged in to join a ride');
      expect((await rideCounts(suite.db, ride.id)).rows).toBe(0);
    });

    it('refuses the organiser joining their own ride (409)', async () => {
      const ride = await createRide(organiser);
      const answer = await organiser.post(`/api/rides/${ride.id}/join`, joinBody());
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('You cannot join your own ride');
      expect(await rideCounts(suite.db, ride.id)).toMatchObject({ rows: 0, current: 1 });
    });

    it('refuses a second join by the same member (409) and leaves the count alone', async () => {
      const ride = await createRide(organiser, { maxPassengers: 6 });
      expect((await alice.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 2 }))).status).toBe(201);
      const answer = await alice.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 1 }));
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('You have already joined this ride');
      expect(await rideCounts(suite.db, ride.id)).toMatchObject({ rows: 1, current: 3 });
    });

    it('refuses a ride whose date has passed (409)', async () => {
      const ride = await createRide(organiser);
      await makeRidePast(suite.db, ride.id);
      const answer = await alice.post(`/api/rides/${ride.id}/join`, joinBody());
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('This ride is in the past and cannot be joined');
      expect((await rideCounts(suite.db, ride.id)).rows).toBe(0);
    });

    it('refuses a full ride: "This ride is full" (409)', async () => {
      const ride = await createRide(organiser, { maxPassengers: 3, organizerPassengerCount: 1 });
      expect((await alice.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 2 }))).status).toBe(201);
      const answer = await bob.post(`/api/rides/${ride.id}/join`, joinBody());
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('This ride is full');
      expect(await rideCounts(suite.db, ride.id)).toMatchObject({ rows: 1, current: 3, max: 3 });
    });

    it('refuses more passengers than the remaining spots: "Only N spots remaining" (409)', async () => {
      const ride = await createRide(organiser, { maxPassengers: 6, organizerPassengerCount: 2 });
      const answer = await alice.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 3 }));
      expect(answer.status).toBe(201);
      const overOne = await bob.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 2 }));
      expect(overOne.status).toBe(409);
      // One spot is said in the singular (SPEC §5's text, for N = 1).
      expect(overOne.body.message).toBe('Only 1 spot remaining');
      const exact = await bob.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 1 }));
      expect(exact.status).toBe(201);
      expect(exact.body.ride.currentPassengers).toBe(6);

      const roomy = await createRide(organiser, { maxPassengers: 5, organizerPassengerCount: 2 });
      const over = await alice.post(`/api/rides/${roomy.id}/join`, joinBody({ passengerCount: 4 }));
      expect(over.status).toBe(409);
      expect(over.body.message).toBe('Only 3 spots remaining');
    });

    it('refuses a rideId in the body that is not the ride in the path (400)', async () => {
      const ride = await createRide(organiser);
      const other = await createRide(organiser);
      for (const rideId of [other.id, String(other.id), 'abc']) {
        const answer = await alice.post(`/api/rides/${ride.id}/join`, { rideId, dropoffLocation: 'Bedok' });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe('rideId does not match the ride being joined');
      }
      expect((await rideCounts(suite.db, ride.id)).rows).toBe(0);
      expect((await rideCounts(suite.db, other.id)).rows).toBe(0);
    });

    it('requires a drop-off location: "Drop-off location is required" (400)', async () => {
      const ride = await createRide(organiser);
      for (const body of [
        { passengerCount: 1 },
        { passengerCount: 1, dropoffLocation: '   ' },
        { dropoffLocation: null },
      ]) {
        const answer = await alice.post(`/api/rides/${ride.id}/join`, body);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe('Drop-off location is required');
      }
      expect((await rideCounts(suite.db, ride.id)).rows).toBe(0);
    });

    it('requires at least 1 passenger: "Must have at least 1 passenger" (400)', async () => {
      const ride = await createRide(organiser);
      for (const passengerCount of [0, -2]) {
        const answer = await alice.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount }));
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe('Must have at least 1 passenger');
      }
    });

    it.each([[11], [1.5], ['2'], [null]])('refuses passengerCount %j with 400', async (passengerCount) => {
      const ride = await createRide(organiser);
      const answer = await alice.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount }));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/Passenger count/);
      expect((await rideCounts(suite.db, ride.id)).rows).toBe(0);
    });

    it('answers 404 for an unknown ride, 400 for a bad id or malformed JSON', async () => {
      const unknown = await alice.post('/api/rides/987654/join', joinBody());
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Ride not found');
      expect((await alice.post('/api/rides/abc/join', joinBody())).status).toBe(400);
      const ride = await createRide(organiser);
      const malformed = await alice.post(`/api/rides/${ride.id}/join`, '{"dropoffLocation":');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('Request body must be valid JSON');
      const list = await alice.post(`/api/rides/${ride.id}/join`, '[1]');
      expect(list.status).toBe(400);
    });

    it('lets a vendor join as a member would', async () => {
      const ride = await createRide(organiser);
      const answer = await vendor.post(`/api/rides/${ride.id}/join`, joinBody());
      expect(answer.status).toBe(201);
      expect(answer.body.ride.currentPassengers).toBe(2);
    });
  });

  describe('GET /api/rides/{rideId}/passengers', () => {
    let ride: any;

    beforeAll(async () => {
      ride = await createRide(organiser, { maxPassengers: 8 });
      expect(
        (await alice.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 2, dropoffLocation: 'Bedok' })))
          .status,
      ).toBe(201);
      expect((await bob.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Simei' }))).status).toBe(201);
      expect((await carol.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Tampines' }))).status).toBe(
        201,
      );
    });

    it('refuses anonymous callers with 401', async () => {
      const answer = await suite.anonymous.get(`/api/rides/${ride.id}/passengers`);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toEqual(expect.any(String));
      expect(JSON.stringify(answer.body)).not.toContain(alice.user.discordUsername);
    });

    it('shows every member each passenger in join order; the people on the ride also get contacts and drop-offs', async () => {
      const outsider = await registerMember(suite.app, 'outsider');
      for (const viewer of [organiser, alice, outsider, vendor]) {
        const answer = await viewer.get(`/api/rides/${ride.id}/passengers`);
        expect(answer.status).toBe(200);
        expect(answer.body.map((p: any) => p.userId)).toEqual([alice.user.id, bob.user.id, carol.user.id]);
      }
      for (const viewer of [organiser, bob]) {
        const [first] = (await viewer.get(`/api/rides/${ride.id}/passengers`)).body;
        expect(first).toMatchObject({
          id: expect.any(Number),
          rideId: ride.id,
          userId: alice.user.id,
          dropoffLocation: 'Bedok',
          dropoffSequence: null,
          passengerCount: 2,
          user: {
            id: alice.user.id,
            fullName: 'alice person',
            name: 'alice person',
            discordUsername: alice.user.discordUsername,
            whatsappNumber: '+6591234567',
            malaysianNumber: '+601122223333',
            revolutUsername: 'alicerev',
          },
        });
      }
      // Members off the ride (a vendor not assigned to it included): name, party size, stop.
      for (const viewer of [outsider, vendor]) {
        const [first] = (await viewer.get(`/api/rides/${ride.id}/passengers`)).body;
        expect(first).toEqual({
          id: expect.any(Number),
          rideId: ride.id,
          userId: alice.user.id,
          dropoffLocation: null,
          dropoffSequence: null,
          // Like the stop, an SG->FC pickup time is for the people on the ride (ADR 0040).
          pickupTime: null,
          passengerCount: 2,
          createdAt: expect.any(String),
          user: {
            id: alice.user.id,
            fullName: 'alice person',
            name: 'alice person',
            discordUsername: null,
            whatsappNumber: null,
            malaysianNumber: null,
            revolutUsername: null,
          },
          // Payments are the passenger's and the organiser's (tests/api/payments.test.ts).
          paymentStatus: null,
          share: null,
          payments: null,
          money: null,
          // The record is everyone's, the no-show mark the organiser's (reliability-record.test.ts).
          record: { trips: 0, noShows: 0 },
          noShow: null,
        });
      }
      // Assigned, the vendor is on the ride.
      await approveVendor(suite, vendor.user.id);
      expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      const [seen] = (await vendor.get(`/api/rides/${ride.id}/passengers`)).body;
      expect(seen).toMatchObject({ dropoffLocation: 'Bedok', user: { revolutUsername: 'alicerev' } });
    });

    it('answers an empty list for a ride nobody joined, 404 for an unknown ride, 400 for a bad id', async () => {
      const empty = await createRide(organiser);
      const answer = await alice.get(`/api/rides/${empty.id}/passengers`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
      const unknown = await alice.get('/api/rides/987654/passengers');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Ride not found');
      expect((await alice.get('/api/rides/abc/passengers')).status).toBe(400);
    });
  });

  describe('DELETE /api/rides/{id}/passengers/{passengerId}', () => {
    it('lets a passenger leave their own entry; the count goes back down', async () => {
      const ride = await createRide(organiser, { maxPassengers: 6 });
      const joined = await alice.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 3 }));
      expect(joined.body.ride.currentPassengers).toBe(4);
      const answer = await alice.delete(`/api/rides/${ride.id}/passengers/${joined.body.passengerId}`);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Passenger Removed');
      expect((await alice.get(`/api/rides/${ride.id}`)).body.currentPassengers).toBe(1);
      expect(await rideCounts(suite.db, ride.id)).toMatchObject({ rows: 0, current: 1 });
      // Gone means gone: a second removal finds nothing, and a rejoin works.
      const twice = await alice.delete(`/api/rides/${ride.id}/passengers/${joined.body.passengerId}`);
      expect(twice.status).toBe(404);
      const rejoin = await alice.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 1 }));
      expect(rejoin.status).toBe(201);
      expect(rejoin.body.ride.currentPassengers).toBe(2);
    });

    it('lets the organiser remove any passenger before the ride date', async () => {
      const ride = await createRide(organiser, { maxPassengers: 6 });
      await alice.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 2, dropoffLocation: 'Bedok' }));
      await bob.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Simei' }));
      const answer = await organiser.delete(`/api/rides/${ride.id}/passengers/${await entryOf(ride.id, alice)}`);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Passenger Removed');
      const ridePage = (await organiser.get(`/api/rides/${ride.id}`)).body;
      expect(ridePage).toMatchObject({ currentPassengers: 2, additionalStops: 1 });
      const list = (await organiser.get(`/api/rides/${ride.id}/passengers`)).body;
      expect(list.map((p: any) => p.userId)).toEqual([bob.user.id]);
      expect((await alice.get('/api/rides/user/joined')).body.some((r: any) => r.id === ride.id)).toBe(false);
    });

    it('refuses the organiser once the ride date has passed (409)', async () => {
      const ride = await createRide(organiser);
      await alice.post(`/api/rides/${ride.id}/join`, joinBody());
      await makeRidePast(suite.db, ride.id);
      const answer = await organiser.delete(`/api/rides/${ride.id}/passengers/${await entryOf(ride.id, alice)}`);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('Passengers cannot be removed from a past ride');
      expect(await rideCounts(suite.db, ride.id)).toMatchObject({ rows: 1, current: 2 });
    });

    it('refuses a third member (403), a vendor (403) and anonymous (401)', async () => {
      const ride = await createRide(organiser, { maxPassengers: 6 });
      await alice.post(`/api/rides/${ride.id}/join`, joinBody());
      await bob.post(`/api/rides/${ride.id}/join`, joinBody());
      const entry = await entryOf(ride.id, alice);
      for (const other of [bob, carol, vendor]) {
        const answer = await other.delete(`/api/rides/${ride.id}/passengers/${entry}`);
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe('Only the organizer or the passenger can remove this entry');
      }
      expect((await suite.anonymous.delete(`/api/rides/${ride.id}/passengers/${entry}`)).status).toBe(401);
      expect(await rideCounts(suite.db, ride.id)).toMatchObject({ rows: 2, current: 3 });
    });

    it('answers 404 for an unknown passenger, a passenger of another ride, or an unknown ride', async () => {
      const ride = await createRide(organiser);
      const other = await createRide(organiser);
      await alice.post(`/api/rides/${other.id}/join`, joinBody());
      const otherEntry = await entryOf(other.id, alice);
      const unknown = await organiser.delete(`/api/rides/${ride.id}/passengers/987654`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Passenger not found on this ride');
      // Addressing alice's entry on `other` through `ride` (which organiser also owns) finds nothing.
      const wrongRide = await organiser.delete(`/api/rides/${ride.id}/passengers/${otherEntry}`);
      expect(wrongRide.status).toBe(404);
      expect((await rideCounts(suite.db, other.id)).rows).toBe(1);
      const noRide = await alice.delete(`/api/rides/987654/passengers/${otherEntry}`);
      expect(noRide.status).toBe(404);
      expect(noRide.body.message).toBe('Ride not found');
      expect((await alice.delete(`/api/rides/${ride.id}/passengers/abc`)).status).toBe(400);
      expect((await alice.delete(`/api/rides/abc/passengers/${otherEntry}`)).status).toBe(400);
    });
  });
});
