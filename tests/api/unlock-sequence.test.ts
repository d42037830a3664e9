// Unlocking the FC->SG drop-off sequence to place a late joiner (ADR 0002; migration
// 20261123000300_unlock_sequence.sql): the order stays as the draft, every stop number goes, and
// the ride no longer reads as locked by either rule (sequenceLocked, or every passenger numbered).
import { beforeAll, describe, expect, it } from 'vitest';

import { type Queryable, setCaller } from '../../supabase/functions/api/lib/database.ts';
import { createRide, type Member, registerMember, registerVendor, type TestClient } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody, makeRidePast } from './ride-test-kit.ts';

const PERMISSION_DENIED = /permission denied/i;

describe.each(backends)('unlocking the drop-off sequence on %s', (backend) => {
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

  // An FC->SG ride with alice, bob and carol joined, carol moved first, then locked:
  // carol 1, alice 2, bob 3.
  async function lockedRide(): Promise<{ ride: any; ids: Record<'alice' | 'bob' | 'carol', number> }> {
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
    expect((await move(ride.id, ids.carol, 1)).status).toBe(200);
    expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
    return { ride, ids };
  }

  const move = (rideId: number, passengerId: number, sequence: number) =>
    organiser.patch(`/api/rides/${rideId}/passengers/${passengerId}/sequence`, { sequence });
  const unlock = (client: TestClient, rideId: number | string) => client.post(`/api/rides/${rideId}/unlockSequence`);

  async function stops(rideId: number): Promise<Array<[number, number | null]>> {
    const answer = await organiser.get(`/api/rides/${rideId}/passengers`);
    expect(answer.status).toBe(200);
    return answer.body.map((p: any) => [p.id, p.dropoffSequence]);
  }

  async function lockedFlag(rideId: number): Promise<boolean> {
    return (await organiser.get(`/api/rides/${rideId}`)).body.sequenceLocked;
  }

  describe('POST /api/rides/{rideId}/unlockSequence', () => {
    it('clears every stop number, keeps the locked order as the draft and marks the ride unlocked', async () => {
      const { ride, ids } = await lockedRide();
      expect(await stops(ride.id)).toEqual([
        [ids.carol, 1],
        [ids.alice, 2],
        [ids.bob, 3],
      ]);

      const answer = await unlock(organiser, ride.id);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Sequence unlocked successfully');
      expect(answer.body.passengers.map((p: any) => [p.id, p.dropoffSequence])).toEqual([
        [ids.carol, null],
        [ids.alice, null],
        [ids.bob, null],
      ]);
      expect(await stops(ride.id)).toEqual([
        [ids.carol, null],
        [ids.alice, null],
        [ids.bob, null],
      ]);
      expect(await lockedFlag(ride.id)).toBe(false);
      expect((await suite.anonymous.get('/api/rides')).body.find((r: any) => r.id === ride.id).sequenceLocked).toBe(
        false,
      );
      const rows = await ownerQuery(
        suite.db,
        'select id, sort_position, dropoff_sequence from public.ride_passengers where ride_id = $1::integer order by sort_position',
        [ride.id],
      );
      expect(rows).toEqual([
        { id: ids.carol, sort_position: 1, dropoff_sequence: null },
        { id: ids.alice, sort_position: 2, dropoff_sequence: null },
        { id: ids.bob, sort_position: 3, dropoff_sequence: null },
      ]);
    });

    it('places a late joiner: joined after the lock as the last stop, moved after the unlock, locked again', async () => {
      const { ride, ids } = await lockedRide();
      const late = await dave.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Clementi' }));
      expect(late.status).toBe(201);
      const daveId = late.body.passengerId;
      expect(await stops(ride.id)).toEqual([
        [ids.carol, 1],
        [ids.alice, 2],
        [ids.bob, 3],
        [daveId, 4],
      ]);
      // Locked: the organiser cannot move Dave.
      expect((await move(ride.id, daveId, 2)).status).toBe(409);

      expect((await unlock(organiser, ride.id)).status).toBe(200);
      // Dave is still last in the draft, and nobody has a number: not "locked on load".
      expect(await stops(ride.id)).toEqual([
        [ids.carol, null],
        [ids.alice, null],
        [ids.bob, null],
        [daveId, null],
      ]);

      const moved = await move(ride.id, daveId, 2);
      expect(moved.status).toBe(200);
      expect(moved.body.passengers.map((p: any) => p.id)).toEqual([ids.carol, daveId, ids.alice, ids.bob]);

      const relocked = await organiser.post(`/api/rides/${ride.id}/lockSequence`);
      expect(relocked.status).toBe(200);
      expect(relocked.body.passengers.map((p: any) => [p.id, p.dropoffSequence])).toEqual([
        [ids.carol, 1],
        [daveId, 2],
        [ids.alice, 3],
        [ids.bob, 4],
      ]);
      expect(await lockedFlag(ride.id)).toBe(true);
    });

    it('leaves someone joining while unlocked without a stop number, at the end of the draft', async () => {
      const { ride, ids } = await lockedRide();
      expect((await unlock(organiser, ride.id)).status).toBe(200);
      const late = await dave.post(`/api/rides/${ride.id}/join`, joinBody());
      expect(late.status).toBe(201);
      expect(late.body.ride.sequenceLocked).toBe(false);
      expect(await stops(ride.id)).toEqual([
        [ids.carol, null],
        [ids.alice, null],
        [ids.bob, null],
        [late.body.passengerId, null],
      ]);
    });

    it('refuses a ride that is not locked, and a second unlock (409), changing nothing', async () => {
      const { ride, ids } = await lockedRide();
      expect((await unlock(organiser, ride.id)).status).toBe(200);
      const again = await unlock(organiser, ride.id);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('The drop-off sequence is not locked');

      const draft = await createRide(organiser, { direction: 'FC->SG' });
      await alice.post(`/api/rides/${draft.id}/join`, joinBody());
      const never = await unlock(organiser, draft.id);
      expect(never.status).toBe(409);
      expect(never.body.message).toBe('The drop-off sequence is not locked');
      expect(await stops(ride.id)).toEqual([
        [ids.carol, null],
        [ids.alice, null],
        [ids.bob, null],
      ]);
    });

    it('is for the organiser only: passengers, other members and vendors 403, anonymous 401', async () => {
      const { ride, ids } = await lockedRide();
      for (const other of [alice, carol, dave, vendor]) {
        const answer = await unlock(other, ride.id);
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe('Only the organizer can change the drop-off sequence');
      }
      expect((await unlock(suite.anonymous, ride.id)).status).toBe(401);
      expect(await stops(ride.id)).toEqual([
        [ids.carol, 1],
        [ids.alice, 2],
        [ids.bob, 3],
      ]);
      expect(await lockedFlag(ride.id)).toBe(true);
    });

    it('refuses a past ride (409) and keeps its stop numbers', async () => {
      const { ride, ids } = await lockedRide();
      await makeRidePast(suite.db, ride.id);
      const answer = await unlock(organiser, ride.id);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('The drop-off sequence of a past ride cannot be unlocked');
      expect(await stops(ride.id)).toEqual([
        [ids.carol, 1],
        [ids.alice, 2],
        [ids.bob, 3],
      ]);
      expect(await lockedFlag(ride.id)).toBe(true);
    });

    // An SG->FC ride's pickup order unlocks too (ADR 0040): tests/api/sequence.test.ts.
    it('refuses unknown rides (404) and ids that are not ids (400)', async () => {
      const unknown = await unlock(organiser, 987654);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Ride not found');
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
        const answer = await unlock(organiser, bad);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe('Invalid ride id');
      }
    });

    it('an unlock and a join at the same moment: one waits for the other, and nothing stays numbered', async () => {
      const { ride } = await lockedRide();
      const [unlocked, joined] = await Promise.all([
        unlock(organiser, ride.id),
        dave.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Clementi' })),
      ]);
      expect(unlocked.status).toBe(200);
      expect(joined.status).toBe(201);
      const list = await stops(ride.id);
      expect(list).toHaveLength(4);
      expect(list.map(([, stop]) => stop)).toEqual([null, null, null, null]);
      expect(list[3][0]).toBe(joined.body.passengerId);
      expect(await lockedFlag(ride.id)).toBe(false);
    });
  });

  // The function itself, as the roles the api switches to: the grants, and the organiser check
  // on the caller the api sets (what really protects the ride, whatever the route does).
  describe('app.unlock_ride_sequence at SQL level', () => {
    async function as<T>(
      role: 'anon' | 'authenticated',
      userId: number | null,
      work: (tx: Queryable) => Promise<T>,
    ): Promise<T> {
      const rollback = new Error('rollback');
      let result: T | undefined;
      try {
        await suite.db.database.transaction(async (tx) => {
          await setCaller(tx, userId === null ? null : { userId, isAdmin: false });
          await tx.query(`set local role ${role}`);
          result = await work(tx);
          throw rollback;
        });
      } catch (error) {
        if (error !== rollback) throw error;
      }
      return result as T;
    }

    it('anonymous callers may not call it', async () => {
      const { ride } = await lockedRide();
      await expect(
        as('anon', null, (tx) => tx.query('select app.unlock_ride_sequence($1::integer)', [ride.id])),
      ).rejects.toThrow(PERMISSION_DENIED);
    });

    it('a member who is not the organiser is refused; the organiser may; nobody may write the flag directly', async () => {
      const { ride } = await lockedRide();
      await expect(
        as('authenticated', alice.user.id, (tx) => tx.query('select app.unlock_ride_sequence($1::integer)', [ride.id])),
      ).rejects.toThrow('Only the organizer can change the drop-off sequence');
      const after = await as('authenticated', organiser.user.id, async (tx) => {
        await tx.query('select app.unlock_ride_sequence($1::integer)', [ride.id]);
        return tx.query<{ sequence_locked: boolean }>(
          'select sequence_locked from public.rides where id = $1::integer',
          [ride.id],
        );
      });
      expect(after).toEqual([{ sequence_locked: false }]);
      // Rolled back, and the column is not the organiser's to write: only the function changes it.
      expect(await lockedFlag(ride.id)).toBe(true);
      await expect(
        as('authenticated', organiser.user.id, (tx) =>
          tx.query('update public.rides set sequence_locked = false where id = $1::integer', [ride.id]),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
      await expect(
        as('authenticated', organiser.user.id, (tx) =>
          tx.query('update public.ride_passengers set dropoff_sequence = null where ride_id = $1::integer', [ride.id]),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
    });

    it('runs with an empty search_path as a security definer, like the other ride functions', async () => {
      const [row] = await ownerQuery<{ definer: boolean; config: string[] }>(
        suite.db,
        `select prosecdef as definer, proconfig as config from pg_proc
          where oid = 'app.unlock_ride_sequence(integer)'::regprocedure`,
      );
      expect(row.definer).toBe(true);
      expect(row.config.map((setting) => setting.replace(/"/g, ''))).toContain('search_path=');
    });
  });
});
