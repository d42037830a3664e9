// The FC->SG drop-off sequence: draft moves, lock, and what happens around a lock (SPEC §2
// drop-off panel, §4, §7); and the SG->FC pickup order and times, which the same calls and the
// same lock set (issue 37 §3, ADR 0040).
import { beforeAll, describe, expect, it } from 'vitest';

import {
  createRide,
  type Member,
  registerMember,
  registerVendor,
  rideBody,
  type TestClient,
} from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { registerApprovedVendor } from '../support/vendors.ts';
import { joinBody, makeRidePast } from './ride-test-kit.ts';

describe.each(oneBackend)('drop-off sequence on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let dave: Member;
  let vendor: Member;

  beforeAll(async () => {
    // One organiser runs every case here: more rides than the ride throttle lets a person hold.
    organiser = await registerMember(suite.app, 'org');
    alice = await registerMember(suite.app, 'alice');
    bob = await registerMember(suite.app, 'bob');
    carol = await registerMember(suite.app, 'carol');
    dave = await registerMember(suite.app, 'dave');
    vendor = await registerVendor(suite.app);
  });

  // An FC->SG ride with alice, bob and carol joined in that order; returns their entry ids.
  async function rideWithThree(): Promise<{ ride: any; ids: Record<'alice' | 'bob' | 'carol', number> }> {
    const ride = await createRide(organiser, { direction: 'FC->SG', maxPassengers: 8 });
    const ids = {} as Record<'alice' | 'bob' | 'carol', number>;
    for (const [name, client, location] of [
      ['alice', alice, 'Bedok'],
      ['bob', bob, 'Simei'],
      ['carol', carol, 'Jurong East'],
    ] as const) {
      const answer = await client.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: location }));
      expect(answer.status).toBe(201);
      ids[name] = answer.body.passengerId;
    }
    return { ride, ids };
  }

  async function order(rideId: number): Promise<number[]> {
    const answer = await organiser.get(`/api/rides/${rideId}/passengers`);
    expect(answer.status).toBe(200);
    return answer.body.map((p: any) => p.id);
  }

  async function sequences(rideId: number): Promise<Array<number | null>> {
    const answer = await organiser.get(`/api/rides/${rideId}/passengers`);
    return answer.body.map((p: any) => p.dropoffSequence);
  }

  const move = (client: TestClient, rideId: number, passengerId: number, sequence: unknown) =>
    client.patch(`/api/rides/${rideId}/passengers/${passengerId}/sequence`, { sequence });

  describe('PATCH /api/rides/{rideId}/passengers/{passengerId}/sequence', () => {
    it('moves a passenger to a 1-based position; dropoffSequence stays null until the lock', async () => {
      const { ride, ids } = await rideWithThree();
      expect(await order(ride.id)).toEqual([ids.alice, ids.bob, ids.carol]);

      const first = await move(organiser, ride.id, ids.carol, 1);
      expect(first.status).toBe(200);
      expect(first.body.message).toBe('Passenger sequence updated');
      expect(first.body.passengers.map((p: any) => p.id)).toEqual([ids.carol, ids.alice, ids.bob]);
      expect(await order(ride.id)).toEqual([ids.carol, ids.alice, ids.bob]);
      expect(await sequences(ride.id)).toEqual([null, null, null]);

      expect((await move(organiser, ride.id, ids.carol, 3)).status).toBe(200);
      expect(await order(ride.id)).toEqual([ids.alice, ids.bob, ids.carol]);

      expect((await move(organiser, ride.id, ids.alice, 2)).status).toBe(200);
      expect(await order(ride.id)).toEqual([ids.bob, ids.alice, ids.carol]);

      // Moving to where it already is changes nothing.
      expect((await move(organiser, ride.id, ids.alice, 2)).status).toBe(200);
      expect(await order(ride.id)).toEqual([ids.bob, ids.alice, ids.carol]);

      const read = await organiser.get(`/api/rides/${ride.id}`);
      expect(read.body.sequenceLocked).toBe(false);
    });

    it('puts someone who joins during drafting at the end of the draft order', async () => {
      const { ride, ids } = await rideWithThree();
      await move(organiser, ride.id, ids.carol, 1);
      const late = await dave.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Clementi' }));
      expect(late.status).toBe(201);
      expect(await order(ride.id)).toEqual([ids.carol, ids.alice, ids.bob, late.body.passengerId]);
      expect((await move(organiser, ride.id, late.body.passengerId, 2)).status).toBe(200);
      expect(await order(ride.id)).toEqual([ids.carol, late.body.passengerId, ids.alice, ids.bob]);
    });

    it('keeps the draft order when a passenger leaves before the lock', async () => {
      const { ride, ids } = await rideWithThree();
      await move(organiser, ride.id, ids.carol, 1);
      expect((await alice.delete(`/api/rides/${ride.id}/passengers/${ids.alice}`)).status).toBe(200);
      expect(await order(ride.id)).toEqual([ids.carol, ids.bob]);
      expect(await sequences(ride.id)).toEqual([null, null]);
    });

    it('is for the organiser only: passengers, other members and vendors 403, anonymous 401', async () => {
      const { ride, ids } = await rideWithThree();
      for (const other of [alice, carol, dave, vendor]) {
        const answer = await move(other, ride.id, ids.carol, 1);
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe('Only the organizer can change the drop-off sequence');
      }
      expect((await move(suite.anonymous, ride.id, ids.carol, 1)).status).toBe(401);
      expect(await order(ride.id)).toEqual([ids.alice, ids.bob, ids.carol]);
    });

    it('refuses a target outside 1..number of passengers with 400', async () => {
      const { ride, ids } = await rideWithThree();
      const beyond = await move(organiser, ride.id, ids.alice, 4);
      expect(beyond.status).toBe(400);
      expect(beyond.body.message).toBe('Sequence must be between 1 and 3');
      for (const sequence of [0, -1, 11, 1.5, '2', null]) {
        const answer = await move(organiser, ride.id, ids.alice, sequence);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toMatch(/^sequence /);
      }
      const missing = await organiser.patch(`/api/rides/${ride.id}/passengers/${ids.alice}/sequence`, {});
      expect(missing.status).toBe(400);
      expect(await order(ride.id)).toEqual([ids.alice, ids.bob, ids.carol]);
    });

    it('answers 404 for an unknown passenger, a passenger of another ride, or an unknown ride', async () => {
      const { ride } = await rideWithThree();
      const other = await rideWithThree();
      const unknown = await move(organiser, ride.id, 987654, 1);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Passenger not found on this ride');
      expect((await move(organiser, ride.id, other.ids.carol, 1)).status).toBe(404);
      const noRide = await move(organiser, 987654, other.ids.carol, 1);
      expect(noRide.status).toBe(404);
      expect(noRide.body.message).toBe('Ride not found');
      expect((await move(organiser, ride.id, 'abc' as unknown as number, 1)).status).toBe(400);
      expect(await order(other.ride.id)).toEqual([other.ids.alice, other.ids.bob, other.ids.carol]);
    });
  });

  describe('POST /api/rides/{rideId}/lockSequence', () => {
    it('numbers every passenger 1..n in the current order and marks the ride locked', async () => {
      const { ride, ids } = await rideWithThree();
      await move(organiser, ride.id, ids.carol, 1);
      await move(organiser, ride.id, ids.alice, 3);
      expect(await order(ride.id)).toEqual([ids.carol, ids.bob, ids.alice]);

      const answer = await organiser.post(`/api/rides/${ride.id}/lockSequence`);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Sequence locked successfully');
      expect(answer.body.passengers.map((p: any) => [p.id, p.dropoffSequence])).toEqual([
        [ids.carol, 1],
        [ids.bob, 2],
        [ids.alice, 3],
      ]);
      expect(await order(ride.id)).toEqual([ids.carol, ids.bob, ids.alice]);
      expect(await sequences(ride.id)).toEqual([1, 2, 3]);
      expect((await suite.anonymous.get(`/api/rides/${ride.id}`)).body.sequenceLocked).toBe(true);
      expect((await suite.anonymous.get('/api/rides')).body.find((r: any) => r.id === ride.id).sequenceLocked).toBe(
        true,
      );
    });

    it('locks the join order when the organiser never moved anyone', async () => {
      const { ride, ids } = await rideWithThree();
      expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
      const list = (await alice.get(`/api/rides/${ride.id}/passengers`)).body;
      expect(list.map((p: any) => [p.id, p.dropoffSequence])).toEqual([
        [ids.alice, 1],
        [ids.bob, 2],
        [ids.carol, 3],
      ]);
    });

    it('refuses further moves and a second lock once locked (409)', async () => {
      const { ride, ids } = await rideWithThree();
      expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
      const moved = await move(organiser, ride.id, ids.carol, 1);
      expect(moved.status).toBe(409);
      expect(moved.body.message).toBe('The drop-off sequence is locked');
      const again = await organiser.post(`/api/rides/${ride.id}/lockSequence`);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('The drop-off sequence is locked');
      expect(await sequences(ride.id)).toEqual([1, 2, 3]);
      expect(await order(ride.id)).toEqual([ids.alice, ids.bob, ids.carol]);
    });

    it('gives someone who joins after the lock the next stop number', async () => {
      const { ride, ids } = await rideWithThree();
      await move(organiser, ride.id, ids.bob, 1);
      expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
      const late = await dave.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Clementi' }));
      expect(late.status).toBe(201);
      expect(late.body.ride.sequenceLocked).toBe(true);
      const list = (await organiser.get(`/api/rides/${ride.id}/passengers`)).body;
      expect(list.map((p: any) => [p.id, p.dropoffSequence])).toEqual([
        [ids.bob, 1],
        [ids.alice, 2],
        [ids.carol, 3],
        [late.body.passengerId, 4],
      ]);
    });

    it('renumbers the rest 1..n-1 when a passenger is removed after the lock', async () => {
      const { ride, ids } = await rideWithThree();
      await move(organiser, ride.id, ids.carol, 1);
      expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
      // carol 1, alice 2, bob 3: the middle stop leaves, then the organiser removes the first.
      expect((await alice.delete(`/api/rides/${ride.id}/passengers/${ids.alice}`)).status).toBe(200);
      let list = (await organiser.get(`/api/rides/${ride.id}/passengers`)).body;
      expect(list.map((p: any) => [p.id, p.dropoffSequence])).toEqual([
        [ids.carol, 1],
        [ids.bob, 2],
      ]);
      expect((await organiser.delete(`/api/rides/${ride.id}/passengers/${ids.carol}`)).status).toBe(200);
      list = (await organiser.get(`/api/rides/${ride.id}/passengers`)).body;
      expect(list.map((p: any) => [p.id, p.dropoffSequence])).toEqual([[ids.bob, 1]]);
      // And the next joiner follows on.
      const late = await dave.post(`/api/rides/${ride.id}/join`, joinBody());
      list = (await organiser.get(`/api/rides/${ride.id}/passengers`)).body;
      expect(list.map((p: any) => [p.id, p.dropoffSequence])).toEqual([
        [ids.bob, 1],
        [late.body.passengerId, 2],
      ]);
    });

    it('is for the organiser only (403 for passengers, members, vendors; 401 anonymous)', async () => {
      const { ride } = await rideWithThree();
      for (const other of [alice, dave, vendor]) {
        const answer = await other.post(`/api/rides/${ride.id}/lockSequence`);
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe('Only the organizer can change the drop-off sequence');
      }
      expect((await suite.anonymous.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(401);
      expect(await sequences(ride.id)).toEqual([null, null, null]);
      expect((await organiser.get(`/api/rides/${ride.id}`)).body.sequenceLocked).toBe(false);
    });

    it('refuses rides without passengers (409), and unknown rides (404)', async () => {
      const empty = await createRide(organiser, { direction: 'FC->SG' });
      const nobody = await organiser.post(`/api/rides/${empty.id}/lockSequence`);
      expect(nobody.status).toBe(409);
      expect(nobody.body.message).toBe('No passengers have joined this ride yet');
      const [row] = await ownerQuery(suite.db, 'select sequence_locked from public.rides where id = $1::integer', [
        empty.id,
      ]);
      expect(row.sequence_locked).toBe(false);

      expect((await organiser.post('/api/rides/987654/lockSequence')).status).toBe(404);
      expect((await organiser.post('/api/rides/abc/lockSequence')).status).toBe(400);
    });
  });

  describe('SG->FC: the pickup order and a time per stop (issue 37 §3, ADR 0040)', () => {
    let driver: Member;
    beforeAll(async () => {
      driver = await registerApprovedVendor(suite);
    });

    // An SG->FC ride with alice, bob and carol joined in that order, driven by `driver`.
    async function pickupRide(): Promise<{ ride: any; ids: Record<'alice' | 'bob' | 'carol', number> }> {
      const ride = await createRide(organiser, { direction: 'SG->FC', maxPassengers: 8 });
      const ids = {} as Record<'alice' | 'bob' | 'carol', number>;
      for (const [name, client, location] of [
        ['alice', alice, 'Bedok'],
        ['bob', bob, 'Simei'],
        ['carol', carol, 'Tampines East'],
      ] as const) {
        const answer = await client.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: location }));
        expect(answer.status).toBe(201);
        ids[name] = answer.body.passengerId;
      }
      expect((await driver.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      return { ride, ids };
    }

    const setTime = (client: TestClient, rideId: number, passengerId: number, pickupTime: unknown) =>
      client.patch(`/api/rides/${rideId}/passengers/${passengerId}/pickupTime`, { pickupTime });

    async function plan(client: TestClient, rideId: number): Promise<Array<[number, number | null, string | null]>> {
      const answer = await client.get(`/api/rides/${rideId}/passengers`);
      expect(answer.status).toBe(200);
      return answer.body.map((p: any) => [p.id, p.dropoffSequence, p.pickupTime]);
    }

    it('the organiser and the assigned driver order, time and lock the pickups; the list answers pickupTime', async () => {
      const { ride, ids } = await pickupRide();
      expect(await plan(organiser, ride.id)).toEqual([
        [ids.alice, null, null],
        [ids.bob, null, null],
        [ids.carol, null, null],
      ]);
      // The organiser moves carol first, the driver moves bob last.
      expect((await move(organiser, ride.id, ids.carol, 1)).status).toBe(200);
      const moved = await move(driver, ride.id, ids.bob, 3);
      expect(moved.status).toBe(200);
      expect(moved.body.passengers.map((p: any) => p.id)).toEqual([ids.carol, ids.alice, ids.bob]);

      const timed = await setTime(organiser, ride.id, ids.carol, '08:20');
      expect(timed.status).toBe(200);
      expect(timed.body.message).toBe('Pickup time saved');
      expect(timed.body.passengers.find((p: any) => p.id === ids.carol).pickupTime).toBe('08:20');
      expect((await setTime(driver, ride.id, ids.alice, '08:35')).status).toBe(200);
      expect((await setTime(driver, ride.id, ids.bob, '23:59')).status).toBe(200);

      const locked = await driver.post(`/api/rides/${ride.id}/lockSequence`);
      expect(locked.status).toBe(200);
      expect((await organiser.get(`/api/rides/${ride.id}`)).body.sequenceLocked).toBe(true);
      // Everyone on the ride reads the plan: the passengers, the organiser, the driver.
      for (const reader of [organiser, driver, alice, carol]) {
        expect(await plan(reader, ride.id)).toEqual([
          [ids.carol, 1, '08:20'],
          [ids.alice, 2, '08:35'],
          [ids.bob, 3, '23:59'],
        ]);
      }
      // A member not on the ride sees the order, not where or when anyone is picked up.
      expect(await plan(dave, ride.id)).toEqual([
        [ids.carol, 1, null],
        [ids.alice, 2, null],
        [ids.bob, 3, null],
      ]);

      // The driver takes the lock back and the organiser locks again.
      expect((await driver.post(`/api/rides/${ride.id}/unlockSequence`)).status).toBe(200);
      expect((await plan(organiser, ride.id)).map(([, sequence]) => sequence)).toEqual([null, null, null]);
      expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
      expect((await plan(organiser, ride.id)).map(([, sequence]) => sequence)).toEqual([1, 2, 3]);
    });

    it('is for the organiser and the assigned driver only: passengers, members, other vendors 403, anonymous 401', async () => {
      const { ride, ids } = await pickupRide();
      const forbidden = 'Only the organizer or the assigned driver can change the pickup order';
      for (const other of [alice, dave, vendor]) {
        for (const answer of [
          await move(other, ride.id, ids.carol, 1),
          await setTime(other, ride.id, ids.carol, '08:20'),
          await other.post(`/api/rides/${ride.id}/lockSequence`),
          await other.post(`/api/rides/${ride.id}/unlockSequence`),
        ]) {
          expect(answer.status).toBe(403);
          expect(answer.body).toMatchObject({ message: forbidden, code: 'pickup_order_forbidden' });
        }
      }
      expect((await setTime(suite.anonymous, ride.id, ids.carol, '08:20')).status).toBe(401);
      expect((await move(suite.anonymous, ride.id, ids.carol, 1)).status).toBe(401);
      // A driver who let the ride go has no say any more.
      expect((await driver.post(`/api/rides/${ride.id}/release`)).status).toBe(200);
      expect((await setTime(driver, ride.id, ids.carol, '08:20')).status).toBe(403);
      expect((await driver.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(403);
      expect(await plan(organiser, ride.id)).toEqual([
        [ids.alice, null, null],
        [ids.bob, null, null],
        [ids.carol, null, null],
      ]);
      // On FC->SG the drop-off order stays the organiser's (SPEC §2), and has no times.
      const fcsg = await rideWithThree();
      const vendorMove = await move(vendor, fcsg.ride.id, fcsg.ids.carol, 1);
      expect(vendorMove.status).toBe(403);
      expect(vendorMove.body.message).toBe('Only the organizer can change the drop-off sequence');
      const noTime = await setTime(organiser, fcsg.ride.id, fcsg.ids.carol, '08:20');
      expect(noTime.status).toBe(409);
      expect(noTime.body).toMatchObject({
        message: 'A pickup time applies only to Singapore to Forest City rides',
        code: 'pickup_time_sg_to_fc_only',
      });
    });

    it('the lock holds the order, not the times; a second lock or an unlock of an unlocked order is refused', async () => {
      const { ride, ids } = await pickupRide();
      const notLocked = await organiser.post(`/api/rides/${ride.id}/unlockSequence`);
      expect(notLocked.status).toBe(409);
      expect(notLocked.body).toMatchObject({
        message: 'The pickup order is not locked',
        code: 'pickup_order_not_locked',
      });
      expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
      for (const answer of [
        await move(driver, ride.id, ids.carol, 1),
        await move(organiser, ride.id, ids.carol, 1),
        await driver.post(`/api/rides/${ride.id}/lockSequence`),
      ]) {
        expect(answer.status).toBe(409);
        expect(answer.body).toMatchObject({ message: 'The pickup order is locked', code: 'pickup_order_locked' });
      }
      // The driver still refines the times up to the day; null clears one.
      expect((await setTime(driver, ride.id, ids.carol, '09:05')).status).toBe(200);
      expect((await setTime(driver, ride.id, ids.alice, '08:50')).status).toBe(200);
      expect((await setTime(organiser, ride.id, ids.alice, null)).status).toBe(200);
      expect(await plan(carol, ride.id)).toEqual([
        [ids.alice, 1, null],
        [ids.bob, 2, null],
        [ids.carol, 3, '09:05'],
      ]);
      // Someone joining after the lock is the next pickup, with no time yet.
      const late = await dave.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Pasir Ris' }));
      expect(late.status).toBe(201);
      expect((await plan(organiser, ride.id)).at(-1)).toEqual([late.body.passengerId, 4, null]);
    });

    it('refuses a time that is not HH:MM within the day with 400, changing nothing', async () => {
      const { ride, ids } = await pickupRide();
      expect((await setTime(organiser, ride.id, ids.alice, '07:45')).status).toBe(200);
      for (const bad of [
        '25:00',
        '24:00',
        '8:20',
        '08:60',
        '08:20:30',
        '0820',
        '8:20 am',
        '',
        ' 08:20',
        820,
        true,
        {},
      ]) {
        const answer = await setTime(organiser, ride.id, ids.alice, bad);
        expect(answer.status, JSON.stringify(bad)).toBe(400);
        expect(answer.body).toMatchObject({
          message: 'Pickup time must be a time such as 17:00',
          code: 'invalid_input',
        });
      }
      const missing = await organiser.patch(`/api/rides/${ride.id}/passengers/${ids.alice}/pickupTime`, {});
      expect(missing.status).toBe(400);
      const notJson = await organiser.patch(`/api/rides/${ride.id}/passengers/${ids.alice}/pickupTime`, 'x');
      expect(notJson.status).toBe(400);
      expect((await setTime(organiser, ride.id, 987654, '08:00')).status).toBe(404);
      expect((await setTime(organiser, 987654, ids.alice, '08:00')).status).toBe(404);
      expect((await setTime(organiser, ride.id, 'abc' as unknown as number, '08:00')).status).toBe(400);
      expect((await plan(organiser, ride.id))[0]).toEqual([ids.alice, null, '07:45']);
      // The database holds to it too, whoever writes.
      await expect(
        ownerQuery(suite.db, "update public.ride_passengers set pickup_time = '08:20:30' where id = $1::integer", [
          ids.alice,
        ]),
      ).rejects.toMatchObject({ code: '23514' });
    });

    it("moves the times with the ride's time of day, keeps them over a new day, and clears them with a new direction", async () => {
      const { ride, ids } = await pickupRide();
      expect((await setTime(organiser, ride.id, ids.alice, '08:20')).status).toBe(200);
      expect((await setTime(organiser, ride.id, ids.bob, '23:50')).status).toBe(200);
      const edit = (date: string, direction = 'SG->FC') =>
        organiser.patch(`/api/rides/${ride.id}`, rideBody({ direction, date, maxPassengers: 8 }));
      const start = Date.parse(ride.date);
      // 30 minutes later: every time follows, across midnight too.
      expect((await edit(new Date(start + 30 * 60_000).toISOString())).status).toBe(200);
      expect((await plan(organiser, ride.id)).map(([, , time]) => time)).toEqual(['08:50', '00:20', null]);
      // The next day at that time: the plan stands.
      expect((await edit(new Date(start + 30 * 60_000 + 86_400_000).toISOString())).status).toBe(200);
      expect((await plan(organiser, ride.id)).map(([, , time]) => time)).toEqual(['08:50', '00:20', null]);
      // Going the other way, a pickup time means nothing.
      expect((await edit(new Date(start + 30 * 60_000 + 86_400_000).toISOString(), 'FC->SG')).status).toBe(200);
      const [row] = await ownerQuery(
        suite.db,
        'select count(*)::int as timed from public.ride_passengers where ride_id = $1::integer and pickup_time is not null',
        [ride.id],
      );
      expect(row.timed).toBe(0);
    });

    it("keeps a past ride's pickup times and order as its record (409)", async () => {
      const { ride, ids } = await pickupRide();
      expect((await setTime(organiser, ride.id, ids.alice, '08:20')).status).toBe(200);
      expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
      await makeRidePast(suite.db, ride.id);
      const timed = await setTime(driver, ride.id, ids.alice, '08:30');
      expect(timed.status).toBe(409);
      expect(timed.body).toMatchObject({
        message: 'The pickup times of a past ride cannot be changed',
        code: 'past_pickup_time_change',
      });
      const unlocked = await organiser.post(`/api/rides/${ride.id}/unlockSequence`);
      expect(unlocked.status).toBe(409);
      expect(unlocked.body.code).toBe('past_pickup_order_unlock');
      expect((await plan(organiser, ride.id)).map(([, sequence]) => sequence)).toEqual([1, 2, 3]);
    });
  });
});
