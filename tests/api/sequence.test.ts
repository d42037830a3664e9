// The FC->SG drop-off sequence: draft moves, lock, and what happens around a lock (SPEC §2
// drop-off panel, §4, §7).
import { beforeAll, describe, expect, it } from 'vitest';

import { createRide, type Member, registerMember, registerVendor, type TestClient } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

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

    it('applies only to FC->SG rides (409 on SG->FC)', async () => {
      const ride = await createRide(organiser, { direction: 'SG->FC' });
      const joined = await alice.post(`/api/rides/${ride.id}/join`, joinBody());
      const answer = await move(organiser, ride.id, joined.body.passengerId, 1);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('A drop-off sequence applies only to Forest City to Singapore rides');
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

    it('refuses SG->FC rides, rides without passengers (409), and unknown rides (404)', async () => {
      const sgfc = await createRide(organiser, { direction: 'SG->FC' });
      await alice.post(`/api/rides/${sgfc.id}/join`, joinBody());
      const wrongDirection = await organiser.post(`/api/rides/${sgfc.id}/lockSequence`);
      expect(wrongDirection.status).toBe(409);
      expect(wrongDirection.body.message).toBe('A drop-off sequence applies only to Forest City to Singapore rides');

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
});
