// Rides: list, read, create, edit, delete (SPEC §3, §6, §7) for anonymous, member, organiser,
// passenger and vendor callers.
import { beforeAll, describe, expect, it } from 'vitest';

import {
  createRide,
  futureDate,
  type Member,
  registerMember,
  registerVendor,
  rideBody,
} from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody, makeRidePast, rideCounts } from './ride-test-kit.ts';

const RIDE_KEYS = [
  'id',
  'creatorId',
  'direction',
  'date',
  'maxPassengers',
  'currentPassengers',
  'organizerPassengerCount',
  'pickupLocation',
  'dropoffLocations',
  'status',
  'vendorId',
  'driverContactId',
  'cost',
  'additionalStops',
  'sequenceLocked',
  'creatorName',
  'organizerName',
  'creator',
];

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(backends)('rides on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let organiser: Member;
  let member: Member;
  let vendor: Member;

  beforeAll(async () => {
    // One organiser runs every case here: more rides than the ride throttle lets a person hold.
    organiser = await registerMember(suite.app, 'org', {
      malaysianNumber: '+60 12 555 0101',
      revolutUsername: 'orgrev',
    });
    member = await registerMember(suite.app, 'mem');
    vendor = await registerVendor(suite.app);
  });

  describe('POST /api/rides', () => {
    it('creates a ride (201) whose currentPassengers is the organiser party', async () => {
      const body = rideBody({ maxPassengers: 6, organizerPassengerCount: 2 });
      const answer = await organiser.post('/api/rides', body);
      expect(answer.status).toBe(201);
      const ride = answer.body;
      expect(ride).toMatchObject({
        creatorId: organiser.user.id,
        direction: 'SG->FC',
        date: body.date,
        maxPassengers: 6,
        currentPassengers: 2,
        organizerPassengerCount: 2,
        pickupLocation: 'Pasir Ris MRT',
        dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
        status: 'open',
        vendorId: null,
        driverContactId: null,
        cost: 80,
        additionalStops: 0,
        sequenceLocked: false,
        creatorName: 'org person',
        organizerName: 'org person',
        creator: {
          id: organiser.user.id,
          name: 'org person',
          discordUsername: organiser.user.discordUsername,
          whatsappNumber: '+6591234567',
          malaysianNumber: '+60125550101',
        },
      });
      expect(typeof ride.id).toBe('number');
      expect(ride.createdAt).toMatch(ISO);
      const counts = await rideCounts(suite.db, ride.id);
      expect(counts).toMatchObject({ current: 2, organiser: 2, rows: 0, max: 6 });
    });

    it('creates an FC->SG ride with the organiser drop-off entry', async () => {
      const ride = await createRide(organiser, {
        direction: 'FC->SG',
        dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 3 }],
        organizerPassengerCount: 3,
      });
      expect(ride).toMatchObject({
        direction: 'FC->SG',
        pickupLocation: 'Forest City',
        dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 3 }],
        currentPassengers: 3,
      });
    });

    it('trims the organiser location', async () => {
      const ride = await createRide(organiser, { pickupLocation: '   Bedok MRT  ' });
      expect(ride.pickupLocation).toBe('Bedok MRT');
    });

    it('refuses anonymous callers with 401 and creates nothing', async () => {
      const before = await ownerQuery(suite.db, 'select count(*)::int as n from public.rides');
      const answer = await suite.anonymous.post('/api/rides', rideBody());
      expect(answer.status).toBe(401);
      expect(answer.body.message).toEqual(expect.any(String));
      const after = await ownerQuery(suite.db, 'select count(*)::int as n from public.rides');
      expect(after[0].n).toBe(before[0].n);
    });

    it('refuses vendors with 403', async () => {
      const answer = await vendor.post('/api/rides', rideBody());
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Vendors cannot create rides');
      const rows = await ownerQuery(suite.db, 'select 1 from public.rides where organiser_id = $1::integer', [
        vendor.user.id,
      ]);
      expect(rows).toHaveLength(0);
    });

    it('refuses a date in the past with 400', async () => {
      const answer = await organiser.post(
        '/api/rides',
        rideBody({ date: new Date(Date.now() - 60_000).toISOString() }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/future/i);
    });

    it.each([['not a date'], [''], [12345]])('refuses the date %j with 400 "Invalid date provided"', async (date) => {
      const answer = await organiser.post('/api/rides', rideBody({ date }));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Invalid date provided');
    });

    it('refuses a date Postgres cannot store (beyond year 9999) with "Invalid date provided"', async () => {
      for (const date of ['+100000-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z']) {
        const answer = await organiser.post('/api/rides', rideBody({ date }));
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe('Invalid date provided');
      }
    });

    it('stores the instant of a date given with a +08:00 offset', async () => {
      const year = new Date().getUTCFullYear() + 1;
      const ride = await createRide(organiser, { date: `${year}-03-01T09:30:00+08:00` });
      expect(ride.date).toBe(`${year}-03-01T01:30:00.000Z`);
    });

    // The cost is the organiser's since issue 21 §2 (stats-and-drivers.test.ts checks it).
    it('ignores fields a client may not set (creatorId, currentPassengers, status, vendorId)', async () => {
      const answer = await organiser.post(
        '/api/rides',
        rideBody({ creatorId: member.user.id, currentPassengers: 9, status: 'assigned', vendorId: vendor.user.id }),
      );
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        creatorId: organiser.user.id,
        currentPassengers: 1,
        status: 'open',
        vendorId: null,
        cost: 80,
      });
    });

    it('accepts as many drop-off entries as the form allows, however long their text', async () => {
      // Ten entries of 500 characters, in a script whose characters take several bytes.
      const dropoffLocations = Array.from({ length: 10 }, (_, i) => ({
        location: `${i}${'森'.repeat(499)}`,
        passengerCount: 1,
      }));
      const wide = await organiser.post('/api/rides', rideBody({ maxPassengers: 10, dropoffLocations }));
      expect(wide.status).toBe(201);
      expect(wide.body.dropoffLocations).toEqual(dropoffLocations);
      const escaped = Array.from({ length: 10 }, () => ({ location: '"\\'.repeat(250), passengerCount: 1 }));
      const quoted = await organiser.post('/api/rides', rideBody({ maxPassengers: 10, dropoffLocations: escaped }));
      expect(quoted.status).toBe(201);
      expect(quoted.body.dropoffLocations).toEqual(escaped);
      // Line breaks and tabs, which a multi-line location keeps, are escaped as two bytes too.
      const multiLine = Array.from({ length: 10 }, () => ({
        location: `a${'\r\n\t'.repeat(166)}z`,
        passengerCount: 1,
      }));
      const broken = await organiser.post('/api/rides', rideBody({ maxPassengers: 10, dropoffLocations: multiLine }));
      expect(broken.status).toBe(201);
      expect(broken.body.dropoffLocations).toEqual(multiLine);
      // Characters JSON writes as six-byte \u escapes are control characters, refused outright.
      const control = Array.from({ length: 10 }, () => ({ location: `a${'\u0001'.repeat(498)}z`, passengerCount: 1 }));
      const controlled = await organiser.post('/api/rides', rideBody({ maxPassengers: 10, dropoffLocations: control }));
      expect(controlled.status).toBe(400);
      expect(controlled.body.message).toBe('Location cannot contain control characters');
      const tooMany = await organiser.post(
        '/api/rides',
        rideBody({ dropoffLocations: [...dropoffLocations, { location: 'Bedok', passengerCount: 1 }] }),
      );
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe('At most 10 drop-off locations');
    });

    it('refuses organizerPassengerCount above maxPassengers with 400', async () => {
      const answer = await organiser.post('/api/rides', rideBody({ maxPassengers: 3, organizerPassengerCount: 4 }));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Passengers at your location cannot exceed the maximum passengers');
    });

    it.each([[0], [11], [2.5], ['5']])('refuses maxPassengers %j with 400', async (maxPassengers) => {
      const answer = await organiser.post('/api/rides', rideBody({ maxPassengers }));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/Maximum passengers/);
    });

    it('refuses an FC->SG ride without drop-off locations: "Please specify your location"', async () => {
      const answer = await organiser.post('/api/rides', rideBody({ direction: 'FC->SG', dropoffLocations: [] }));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Please specify your location');
    });

    it('refuses an FC->SG ride whose dropoffLocations is missing or null (400)', async () => {
      for (const dropoffLocations of [undefined, null]) {
        const body: Record<string, unknown> = rideBody({ direction: 'FC->SG', dropoffLocations });
        const answer = await organiser.post('/api/rides', body);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toEqual(expect.any(String));
      }
    });

    it('refuses a blank organiser location: "Please specify your location"', async () => {
      const blankPickup = await organiser.post('/api/rides', rideBody({ pickupLocation: '   ' }));
      expect(blankPickup.status).toBe(400);
      expect(blankPickup.body.message).toBe('Please specify your location');
      const blankDropoff = await organiser.post(
        '/api/rides',
        rideBody({ direction: 'FC->SG', dropoffLocations: [{ location: '', passengerCount: 1 }] }),
      );
      expect(blankDropoff.status).toBe(400);
      expect(blankDropoff.body.message).toBe('Please specify your location');
    });

    it('refuses an unknown direction, malformed JSON and an over-long location with 400', async () => {
      const direction = await organiser.post('/api/rides', rideBody({ direction: 'SG->KL' }));
      expect(direction.status).toBe(400);
      expect(direction.body.message).toBe("Direction must be 'SG->FC' or 'FC->SG'");
      const malformed = await organiser.post('/api/rides', '{"direction": ');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('Request body must be valid JSON');
      const long = await organiser.post('/api/rides', rideBody({ pickupLocation: 'x'.repeat(501) }));
      expect(long.status).toBe(400);
      expect(long.body.message).toMatch(/at most 500/);
    });
  });

  describe('GET /api/rides and GET /api/rides/{id}', () => {
    let ride: any;
    let laterRide: any;
    let namelessOrganiser: Member;
    let namelessRide: any;

    beforeAll(async () => {
      ride = await createRide(organiser, { date: futureDate(5), maxPassengers: 4 });
      laterRide = await createRide(organiser, { date: futureDate(9), direction: 'FC->SG' });
      namelessOrganiser = await registerMember(suite.app, 'noname', { name: '' });
      namelessRide = await createRide(namelessOrganiser, { date: futureDate(6) });
      const joined = await member.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 2 }));
      expect(joined.status).toBe(201);
    });

    it('lists rides for anonymous visitors with the organiser name but no contacts', async () => {
      const answer = await suite.anonymous.get('/api/rides');
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.body)).toBe(true);
      const listed = answer.body.find((r: any) => r.id === ride.id);
      expect(listed).toBeDefined();
      for (const key of RIDE_KEYS) expect(listed).toHaveProperty(key);
      expect(listed).toMatchObject({
        creatorName: 'org person',
        organizerName: 'org person',
        organizerPassengerCount: 1,
        currentPassengers: 3,
        maxPassengers: 4,
        cost: 80,
        additionalStops: 1,
        status: 'open',
        date: ride.date,
        creator: {
          id: organiser.user.id,
          name: 'org person',
          discordUsername: null,
          whatsappNumber: null,
          malaysianNumber: null,
        },
      });
      // No contact detail of any member leaks anywhere in the anonymous answer.
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(organiser.user.discordUsername);
      expect(text).not.toContain(member.user.discordUsername);
      expect(text).not.toContain('+6591234567');
      expect(text).not.toContain('+60125550101');
    });

    it('gives anonymous visitors creatorName = name only (null when the organiser has no name)', async () => {
      const answer = await suite.anonymous.get(`/api/rides/${namelessRide.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body.creatorName).toBeNull();
      expect(answer.body.organizerName).toBeNull();
      expect(answer.body.creator).toEqual({
        id: namelessOrganiser.user.id,
        name: null,
        discordUsername: null,
        whatsappNumber: null,
        malaysianNumber: null,
      });
    });

    it('gives members the organiser contacts, and the username as creatorName when there is no name', async () => {
      const answer = await member.get('/api/rides');
      expect(answer.status).toBe(200);
      const listed = answer.body.find((r: any) => r.id === ride.id);
      expect(listed.creator).toEqual({
        id: organiser.user.id,
        name: 'org person',
        discordUsername: organiser.user.discordUsername,
        whatsappNumber: '+6591234567',
        malaysianNumber: '+60125550101',
      });
      const nameless = answer.body.find((r: any) => r.id === namelessRide.id);
      expect(nameless.creatorName).toBe(namelessOrganiser.user.discordUsername);
      expect(nameless.organizerName).toBeNull();
      expect(nameless.creator.discordUsername).toBe(namelessOrganiser.user.discordUsername);
    });

    it('lists every ride in date order with ISO dates', async () => {
      const answer = await vendor.get('/api/rides');
      expect(answer.status).toBe(200);
      const [count] = await ownerQuery(suite.db, 'select count(*)::int as n from public.rides');
      expect(answer.body).toHaveLength(count.n);
      const dates = answer.body.map((r: any) => r.date);
      for (const date of dates) {
        expect(date).toMatch(ISO);
        expect(new Date(date).toISOString()).toBe(date);
      }
      expect([...dates].sort()).toEqual(dates);
      const ids = answer.body.map((r: any) => r.id);
      expect(ids.indexOf(ride.id)).toBeLessThan(ids.indexOf(namelessRide.id));
      expect(ids.indexOf(namelessRide.id)).toBeLessThan(ids.indexOf(laterRide.id));
    });

    it('reads one ride for anyone; members see contacts, visitors do not', async () => {
      const visitor = await suite.anonymous.get(`/api/rides/${ride.id}`);
      expect(visitor.status).toBe(200);
      expect(visitor.body).toMatchObject({ id: ride.id, currentPassengers: 3, creatorName: 'org person' });
      expect(visitor.body.creator.whatsappNumber).toBeNull();
      const seen = await member.get(`/api/rides/${ride.id}`);
      expect(seen.status).toBe(200);
      expect(seen.body.creator.whatsappNumber).toBe('+6591234567');
      for (const key of RIDE_KEYS) expect(seen.body).toHaveProperty(key);
    });

    it('answers 404 "Ride not found" for an unknown id', async () => {
      const answer = await member.get('/api/rides/987654');
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Ride not found');
      const visitor = await suite.anonymous.get('/api/rides/987654');
      expect(visitor.status).toBe(404);
    });

    it.each([['abc'], ['0'], ['-1'], ['1.5'], ['99999999999']])('answers 400 for the id %s', async (id) => {
      const answer = await member.get(`/api/rides/${id}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Invalid ride id');
    });
  });

  describe('GET /api/rides/user/joined', () => {
    it('refuses anonymous callers with 401', async () => {
      const answer = await suite.anonymous.get('/api/rides/user/joined');
      expect(answer.status).toBe(401);
    });

    it('lists only the rides I joined, not the ones I organised or did not join', async () => {
      const host = await registerMember(suite.app, 'host');
      const traveller = await registerMember(suite.app, 'trav');
      const joinedRide = await createRide(host);
      const otherRide = await createRide(host);
      const ownRide = await createRide(traveller);
      expect((await traveller.post(`/api/rides/${joinedRide.id}/join`, joinBody())).status).toBe(201);

      const answer = await traveller.get('/api/rides/user/joined');
      expect(answer.status).toBe(200);
      expect(answer.body.map((r: any) => r.id)).toEqual([joinedRide.id]);
      expect(answer.body[0].creator.discordUsername).toBe(host.user.discordUsername);
      expect(answer.body.some((r: any) => r.id === otherRide.id || r.id === ownRide.id)).toBe(false);

      const hostView = await host.get('/api/rides/user/joined');
      expect(hostView.status).toBe(200);
      expect(hostView.body).toEqual([]);

      // Leaving takes it off the list.
      const [entry] = await ownerQuery(
        suite.db,
        'select id from public.ride_passengers where ride_id = $1::integer and user_id = $2::integer',
        [joinedRide.id, traveller.user.id],
      );
      expect((await traveller.delete(`/api/rides/${joinedRide.id}/passengers/${entry.id}`)).status).toBe(200);
      expect((await traveller.get('/api/rides/user/joined')).body).toEqual([]);
    });
  });

  describe('PATCH /api/rides/{id}', () => {
    it('lets the organiser edit every field of the form', async () => {
      const ride = await createRide(organiser);
      const date = futureDate(12);
      const answer = await organiser.patch(
        `/api/rides/${ride.id}`,
        rideBody({
          direction: 'FC->SG',
          date,
          maxPassengers: 8,
          organizerPassengerCount: 2,
          dropoffLocations: [{ location: 'Jurong East', passengerCount: 2 }],
        }),
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        id: ride.id,
        direction: 'FC->SG',
        date,
        maxPassengers: 8,
        organizerPassengerCount: 2,
        currentPassengers: 2,
        pickupLocation: 'Forest City',
        dropoffLocations: [{ location: 'Jurong East', passengerCount: 2 }],
      });
      const read = await suite.anonymous.get(`/api/rides/${ride.id}`);
      expect(read.body).toMatchObject({ direction: 'FC->SG', date, maxPassengers: 8 });
    });

    it('refuses anyone but the creator: members and vendors 403, anonymous 401', async () => {
      const ride = await createRide(organiser, { maxPassengers: 5 });
      const edit = rideBody({ maxPassengers: 9 });
      for (const other of [member, vendor]) {
        const answer = await other.patch(`/api/rides/${ride.id}`, edit);
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe('You are not authorized to edit this ride');
      }
      expect((await suite.anonymous.patch(`/api/rides/${ride.id}`, edit)).status).toBe(401);
      const [row] = await ownerQuery(
        suite.db,
        'select max_passengers::int as max from public.rides where id = $1::integer',
        [ride.id],
      );
      expect(row.max).toBe(5);
    });

    it('refuses a passenger of the ride too (403)', async () => {
      const ride = await createRide(organiser);
      expect((await member.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
      const answer = await member.patch(`/api/rides/${ride.id}`, rideBody({ maxPassengers: 10 }));
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('You are not authorized to edit this ride');
    });

    it('answers 404 for an unknown ride and 400 for a bad id or body', async () => {
      const unknown = await organiser.patch('/api/rides/987654', rideBody());
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Ride not found');
      expect((await organiser.patch('/api/rides/abc', rideBody())).status).toBe(400);
      const ride = await createRide(organiser);
      const bad = await organiser.patch(`/api/rides/${ride.id}`, rideBody({ maxPassengers: 0 }));
      expect(bad.status).toBe(400);
      const tooMany = await organiser.patch(
        `/api/rides/${ride.id}`,
        rideBody({ maxPassengers: 2, organizerPassengerCount: 3 }),
      );
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe('Passengers at your location cannot exceed the maximum passengers');
    });

    it('refuses moving the date into the past (400)', async () => {
      const ride = await createRide(organiser);
      const answer = await organiser.patch(
        `/api/rides/${ride.id}`,
        rideBody({ date: new Date(Date.now() - 3_600_000).toISOString() }),
      );
      expect(answer.status).toBe(400);
      expect((await suite.anonymous.get(`/api/rides/${ride.id}`)).body.date).toBe(ride.date);
    });

    it('refuses lowering maxPassengers below the passengers already in the ride (409)', async () => {
      const ride = await createRide(organiser, { maxPassengers: 5 });
      expect((await member.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 3 }))).status).toBe(201);
      const lowered = await organiser.patch(`/api/rides/${ride.id}`, rideBody({ date: ride.date, maxPassengers: 3 }));
      expect(lowered.status).toBe(409);
      expect(lowered.body.message).toBe('Maximum passengers cannot be lower than the passengers already in this ride');
      expect(await rideCounts(suite.db, ride.id)).toMatchObject({ max: 5, current: 4 });

      const exact = await organiser.patch(`/api/rides/${ride.id}`, rideBody({ date: ride.date, maxPassengers: 4 }));
      expect(exact.status).toBe(200);
      expect(exact.body).toMatchObject({ maxPassengers: 4, currentPassengers: 4 });
    });

    it('recomputes currentPassengers when organizerPassengerCount changes', async () => {
      const ride = await createRide(organiser, { maxPassengers: 8 });
      expect((await member.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 2 }))).status).toBe(201);
      const raised = await organiser.patch(
        `/api/rides/${ride.id}`,
        rideBody({ date: ride.date, maxPassengers: 8, organizerPassengerCount: 4 }),
      );
      expect(raised.status).toBe(200);
      expect(raised.body).toMatchObject({ organizerPassengerCount: 4, currentPassengers: 6 });
      const lowered = await organiser.patch(
        `/api/rides/${ride.id}`,
        rideBody({ date: ride.date, maxPassengers: 8, organizerPassengerCount: 1 }),
      );
      expect(lowered.body).toMatchObject({ organizerPassengerCount: 1, currentPassengers: 3 });
      // Raising the organiser party past the free seats is an overbooking: 409.
      const overbooked = await organiser.patch(
        `/api/rides/${ride.id}`,
        rideBody({ date: ride.date, maxPassengers: 8, organizerPassengerCount: 7 }),
      );
      expect(overbooked.status).toBe(409);
      expect(overbooked.body.message).toBe('Only 6 spots remaining for your party');
      expect(await rideCounts(suite.db, ride.id)).toMatchObject({ organiser: 1, current: 3, passengerSum: 2 });
    });

    // Issue 11 item 9: a past ride is the record of the trip (tests/api/abuse-privacy.test.ts has
    // the rest: delete, passengers, the admin's corrections).
    it('refuses any change to a ride once it has passed (409)', async () => {
      const ride = await createRide(organiser);
      await makeRidePast(suite.db, ride.id);
      const past = (await organiser.get(`/api/rides/${ride.id}`)).body;
      const answer = await organiser.patch(`/api/rides/${ride.id}`, rideBody({ date: past.date, maxPassengers: 6 }));
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(
        'This ride is in the past and can no longer be changed: it is the record of the trip',
      );
      expect((await organiser.get(`/api/rides/${ride.id}`)).body).toMatchObject({ date: past.date, maxPassengers: 5 });
    });
  });

  describe('DELETE /api/rides/{id}', () => {
    it('refuses other members and vendors (403), anonymous (401); the ride stays', async () => {
      const ride = await createRide(organiser);
      for (const other of [member, vendor]) {
        const answer = await other.delete(`/api/rides/${ride.id}`);
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe('You are not authorized to delete this ride');
      }
      expect((await suite.anonymous.delete(`/api/rides/${ride.id}`)).status).toBe(401);
      expect((await suite.anonymous.get(`/api/rides/${ride.id}`)).status).toBe(200);
    });

    it('answers 404 for an unknown ride and 400 for a bad id', async () => {
      const answer = await organiser.delete('/api/rides/987654');
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Ride not found');
      expect((await organiser.delete('/api/rides/abc')).status).toBe(400);
    });

    it('lets the organiser delete; its passengers go with it', async () => {
      const ride = await createRide(organiser, { maxPassengers: 6 });
      const other = await registerMember(suite.app, 'pax');
      expect((await member.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
      expect((await other.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 2 }))).status).toBe(201);
      expect((await rideCounts(suite.db, ride.id)).rows).toBe(2);

      const answer = await organiser.delete(`/api/rides/${ride.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Ride deleted successfully');

      expect((await member.get(`/api/rides/${ride.id}`)).status).toBe(404);
      const rows = await ownerQuery(suite.db, 'select id from public.ride_passengers where ride_id = $1::integer', [
        ride.id,
      ]);
      expect(rows).toHaveLength(0);
      expect((await other.get('/api/rides/user/joined')).body.some((r: any) => r.id === ride.id)).toBe(false);
      expect((await suite.anonymous.get('/api/rides')).body.some((r: any) => r.id === ride.id)).toBe(false);
      expect((await organiser.delete(`/api/rides/${ride.id}`)).status).toBe(404);
    });
  });
});
