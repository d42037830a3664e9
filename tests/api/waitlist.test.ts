// The waitlist of a full ride (issue 13 part 2, migration 20261201000400_waitlist.sql): who may
// queue and in what words they are refused, the place in the queue, promotion when seats free up
// (a leave, a removal, a higher maximum, a smaller organiser party), first come first served with
// a too-big party skipped but kept, the notification of the promoted member, and who may read
// the queue.
import { beforeAll, describe, expect, it } from 'vitest';

import { type Queryable, setCaller } from '../../supabase/functions/api/lib/database.ts';
import { liftThrottles } from '../support/accounts.ts';
import { type ApiAnswer, createRide, type Member, registerMember } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { registerApprovedVendor } from '../support/vendors.ts';
import { joinBody, makeRidePast, rideCounts } from './ride-test-kit.ts';

describe.each(oneBackend)('waitlist on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let dave: Member;
  let erin: Member;
  let frank: Member;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'org');
    [alice, bob, carol, dave, erin, frank] = await Promise.all(
      ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'].map((name) => registerMember(suite.app, name)),
    );
  });

  const waitlistPath = (rideId: number) => `/api/rides/${rideId}/waitlist`;

  async function wait(member: Member, rideId: number, passengerCount = 1, dropoffLocation = 'Bedok Mall') {
    return member.post(waitlistPath(rideId), { passengerCount, dropoffLocation });
  }

  async function join(member: Member, rideId: number, passengerCount = 1): Promise<number> {
    const answer = await member.post(`/api/rides/${rideId}/join`, joinBody({ passengerCount }));
    expect(answer.status).toBe(201);
    return answer.body.passengerId;
  }

  // A ride with `max` seats, the organiser's party of `organiserParty`, filled by the given parties.
  async function fullRide(
    max: number,
    organiserParty: number,
    parties: [Member, number][],
    overrides: Record<string, unknown> = {},
  ) {
    const ride = await createRide(organiser, {
      maxPassengers: max,
      organizerPassengerCount: organiserParty,
      ...overrides,
    });
    const entries = new Map<Member, number>();
    for (const [member, count] of parties) entries.set(member, await join(member, ride.id, count));
    return { ride, entries };
  }

  async function queue(rideId: number): Promise<{ user_id: number; passenger_count: number }[]> {
    return ownerQuery(
      suite.db,
      `select user_id, passenger_count::int as passenger_count from public.ride_waitlist
        where ride_id = $1::integer order by created_at, id`,
      [rideId],
    );
  }

  async function passengerIds(rideId: number): Promise<number[]> {
    const rows = await ownerQuery<{ user_id: number }>(
      suite.db,
      'select user_id from public.ride_passengers where ride_id = $1::integer order by user_id',
      [rideId],
    );
    return rows.map((row) => row.user_id);
  }

  async function expectSeatsExact(rideId: number) {
    const counts = await rideCounts(suite.db, rideId);
    expect(counts.current).toBe(counts.organiser + counts.passengerSum);
    expect(counts.current).toBeLessThanOrEqual(counts.max);
    return counts;
  }

  async function notificationsOf(member: Member, rideId: number) {
    return ownerQuery(
      suite.db,
      `select kind, params from public.notifications
        where user_id = $1::integer and ride_id = $2::integer and kind = 'waitlist_seat' order by id`,
      [member.user.id, rideId],
    );
  }

  function edit(ride: any, overrides: Record<string, unknown>) {
    return {
      direction: ride.direction,
      date: ride.date,
      maxPassengers: ride.maxPassengers,
      pickupLocation: ride.pickupLocation,
      dropoffLocations: ride.dropoffLocations,
      organizerPassengerCount: ride.organizerPassengerCount,
      ...overrides,
    };
  }

  const ids = (...members: Member[]) => members.map((m) => m.user.id).sort((a, b) => a - b);

  function expectNo5xx(answers: ApiAnswer[]) {
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
  }

  describe('joining the waitlist', () => {
    it('queues a party on a full ride (201) with its place, and refuses a second entry', async () => {
      const { ride } = await fullRide(3, 1, [[alice, 2]]);
      const answer = await wait(bob, ride.id, 2, '  Tampines Hub ');
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        position: 1,
        message: 'You are #1 on the waitlist',
        waitlist: {
          mine: { position: 1, passengerCount: 2, dropoffLocation: 'Tampines Hub' },
          entries: [],
          waiting: 1,
        },
      });
      expect(await queue(ride.id)).toEqual([{ user_id: bob.user.id, passenger_count: 2 }]);

      const again = await wait(bob, ride.id, 1);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('You are already on the waitlist for this ride');
      expect(await queue(ride.id)).toHaveLength(1);
    });

    it("refuses in join_ride's words: logged out, own ride, already a passenger, past, completed, not found", async () => {
      const { ride } = await fullRide(2, 1, [[alice, 1]]);
      const anonymous = await suite.anonymous.post(waitlistPath(ride.id), { passengerCount: 1, dropoffLocation: 'x' });
      expect(anonymous.status).toBe(401);

      const own = await wait(organiser, ride.id);
      expect(own.status).toBe(409);
      expect(own.body.message).toBe('You cannot join your own ride');

      const passenger = await wait(alice, ride.id);
      expect(passenger.status).toBe(409);
      expect(passenger.body.message).toBe('You have already joined this ride');

      const missing = await wait(bob, 2_000_000_000);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Ride not found');

      const { ride: completed } = await fullRide(2, 1, [[alice, 1]]);
      const vendor = await registerApprovedVendor(suite);
      expect((await vendor.post(`/api/rides/${completed.id}/assign`)).status).toBe(200);
      await ownerQuery(suite.db, "update public.rides set status = 'completed' where id = $1::integer", [completed.id]);
      const done = await wait(bob, completed.id);
      expect(done.status).toBe(409);
      expect(done.body.message).toBe('This ride is completed');

      await makeRidePast(suite.db, ride.id);
      const past = await wait(bob, ride.id);
      expect(past.status).toBe(409);
      expect(past.body.message).toBe('This ride is in the past and cannot be joined');
      expect(await queue(ride.id)).toEqual([]);
    });

    it('refuses a party that fits the free seats (join instead) and one no ride can seat', async () => {
      const ride = await createRide(organiser, { maxPassengers: 4, organizerPassengerCount: 1 });
      await join(alice, ride.id, 1);
      const fits = await wait(bob, ride.id, 2);
      expect(fits.status).toBe(409);
      expect(fits.body.message).toBe('This ride still has 2 spots: join the ride instead');
      await join(carol, ride.id, 1);
      const fitsOne = await wait(bob, ride.id, 1);
      expect(fitsOne.body.message).toBe('This ride still has 1 spot: join the ride instead');

      const tooBig = await wait(bob, ride.id, 10);
      expect(tooBig.status).toBe(409);
      expect(tooBig.body.message).toBe('A ride has at most 9 seats besides the organizer');

      // Fewer free seats than the party: the party may queue.
      const bigger = await wait(bob, ride.id, 2);
      expect(bigger.status).toBe(201);
      expect(bigger.body.position).toBe(1);
    });

    it("refuses the ride's own driver", async () => {
      const vendor = await registerApprovedVendor(suite);
      const { ride } = await fullRide(2, 1, [[alice, 1]]);
      expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      const driver = await wait(vendor, ride.id);
      expect(driver.status).toBe(409);
      expect(driver.body.message).toBe('You are the driver of this ride');
    });

    it('answers 400, never 5xx, to bad input', async () => {
      const { ride } = await fullRide(2, 1, [[alice, 1]]);
      const bad: [unknown, RegExp][] = [
        [{ passengerCount: 0, dropoffLocation: 'Bedok' }, /at least 1 passenger/],
        [{ passengerCount: 11, dropoffLocation: 'Bedok' }, /10/],
        [{ passengerCount: 'two', dropoffLocation: 'Bedok' }, /number/i],
        [{ passengerCount: 1.5, dropoffLocation: 'Bedok' }, /./],
        [{ passengerCount: 1 }, /Drop-off location is required/],
        [{ passengerCount: 1, dropoffLocation: '   ' }, /Drop-off location is required/],
        [{ passengerCount: 1, dropoffLocation: 'x'.repeat(501) }, /at most 500/],
        [{ passengerCount: 1, dropoffLocation: 'Bed\u200bok' }, /invisible/],
        [{ passengerCount: 1, dropoffLocation: 'Bed\u0000ok' }, /control/],
        [[1, 2], /JSON object/],
      ];
      const answers: ApiAnswer[] = [];
      for (const [body, message] of bad) {
        const answer = await bob.post(waitlistPath(ride.id), body);
        answers.push(answer);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.message).toMatch(message);
      }
      const notJson = await bob.call('POST', waitlistPath(ride.id), '{"passengerCount":');
      expect(notJson.status).toBe(400);
      for (const path of ['/api/rides/abc/waitlist', '/api/rides/-1/waitlist', '/api/rides/99999999999999/waitlist']) {
        const answersForPath = [await bob.get(path), await bob.post(path, joinBody()), await bob.delete(path)];
        for (const answer of answersForPath) expect(answer.status).toBe(400);
        answers.push(...answersForPath);
      }
      expectNo5xx(answers);
      expect(await queue(ride.id)).toEqual([]);
    });
  });

  describe('place in the queue and leaving it', () => {
    it('gives each member their place, the organiser the queue, everyone else no names', async () => {
      const { ride } = await fullRide(3, 1, [[alice, 2]]);
      expect((await wait(bob, ride.id, 1)).body.position).toBe(1);
      expect((await wait(carol, ride.id, 2, 'Changi')).body.position).toBe(2);
      expect((await wait(dave, ride.id, 1)).body.position).toBe(3);

      const carolView = await carol.get(waitlistPath(ride.id));
      expect(carolView.status).toBe(200);
      expect(carolView.body).toEqual({
        mine: { position: 2, passengerCount: 2, dropoffLocation: 'Changi' },
        entries: [],
        waiting: 3,
      });
      // A passenger or anyone else: the count, no names.
      expect((await alice.get(waitlistPath(ride.id))).body).toEqual({ mine: null, entries: [], waiting: 3 });
      expect((await erin.get(waitlistPath(ride.id))).body).toEqual({ mine: null, entries: [], waiting: 3 });
      expect((await suite.anonymous.get(waitlistPath(ride.id))).status).toBe(401);

      const organiserView = await organiser.get(waitlistPath(ride.id));
      expect(organiserView.body.mine).toBeNull();
      expect(organiserView.body.waiting).toBe(3);
      expect(organiserView.body.entries).toEqual([
        { position: 1, userId: bob.user.id, name: 'bob person', passengerCount: 1 },
        { position: 2, userId: carol.user.id, name: 'carol person', passengerCount: 2 },
        { position: 3, userId: dave.user.id, name: 'dave person', passengerCount: 1 },
      ]);
      // Drop-offs and contacts stay with the people on the trip.
      expect(JSON.stringify(organiserView.body)).not.toContain('Changi');

      const left = await bob.delete(waitlistPath(ride.id));
      expect(left.status).toBe(200);
      expect(left.body.message).toBe('You left the waitlist');
      expect(left.body.waitlist).toEqual({ mine: null, entries: [], waiting: 2 });
      expect((await carol.get(waitlistPath(ride.id))).body.mine.position).toBe(1);
      expect((await dave.get(waitlistPath(ride.id))).body.mine.position).toBe(2);

      const again = await bob.delete(waitlistPath(ride.id));
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('You are not on the waitlist for this ride');
      expect((await bob.get('/api/rides/2000000000/waitlist')).status).toBe(404);
      expect((await bob.delete('/api/rides/2000000000/waitlist')).status).toBe(404);
    });

    it('joining the ride normally takes the member out of its queue', async () => {
      const ride = await createRide(organiser, { maxPassengers: 4, organizerPassengerCount: 1 });
      await join(alice, ride.id, 1);
      expect((await wait(bob, ride.id, 3)).status).toBe(201);
      await join(bob, ride.id, 2);
      expect(await queue(ride.id)).toEqual([]);
      expect((await bob.get(waitlistPath(ride.id))).body.mine).toBeNull();
    });
  });

  describe('promotion', () => {
    it('moves the first waiting party onto the ride when a passenger leaves, and tells them', async () => {
      const { ride, entries } = await fullRide(3, 1, [[alice, 2]]);
      expect((await wait(bob, ride.id, 2, 'Tampines Hub')).status).toBe(201);
      expect((await wait(carol, ride.id, 1)).status).toBe(201);

      const left = await alice.delete(`/api/rides/${ride.id}/passengers/${entries.get(alice)}`);
      expect(left.status).toBe(200);
      // Two seats freed: bob's party of 2 takes them; carol still waits.
      expect(await passengerIds(ride.id)).toEqual(ids(bob));
      expect(await queue(ride.id)).toEqual([{ user_id: carol.user.id, passenger_count: 1 }]);
      expect(await expectSeatsExact(ride.id)).toMatchObject({ current: 3, passengerSum: 2, max: 3 });
      const [row] = await ownerQuery(
        suite.db,
        'select dropoff_location, passenger_count::int as passenger_count from public.ride_passengers where ride_id = $1::integer',
        [ride.id],
      );
      expect(row).toEqual({ dropoff_location: 'Tampines Hub', passenger_count: 2 });

      const told = await notificationsOf(bob, ride.id);
      expect(told).toHaveLength(1);
      expect(told[0].params).toMatchObject({ direction: ride.direction, passengerCount: 2 });
      expect(Date.parse(told[0].params.date)).toBe(Date.parse(ride.date));
      expect(await notificationsOf(carol, ride.id)).toEqual([]);
      expect(await notificationsOf(alice, ride.id)).toEqual([]);
      // The API shows the same: bob is on the ride, the ride is full again.
      expect((await bob.get(`/api/rides/${ride.id}`)).body.currentPassengers).toBe(3);
      expect((await bob.get(waitlistPath(ride.id))).body).toEqual({ mine: null, entries: [], waiting: 1 });
    });

    it('counts the leave against the leaver only, and no throttle of the promoted member refuses it', async () => {
      const { ride, entries } = await fullRide(2, 1, [[alice, 1]]);
      expect((await wait(bob, ride.id, 1)).status).toBe(201);
      const events = async (member: Member) =>
        (
          await ownerQuery<{ n: number }>(
            suite.db,
            "select count(*)::int as n from private.throttle_events where limit_name = 'passengers:changes' and subject = $1::text",
            [String(member.user.id)],
          )
        )[0].n;
      const aliceBefore = await events(alice);
      const bobBefore = await events(bob);
      // Bob has used up his joins and leaves for the hour.
      await ownerQuery(
        suite.db,
        "update private.throttle_limits set max_count = $1::integer where name = 'passengers:changes'",
        [bobBefore],
      );
      try {
        const open = await createRide(organiser, { maxPassengers: 5 });
        expect((await bob.post(`/api/rides/${open.id}/join`, joinBody())).status).toBe(429);
        const left = await alice.delete(`/api/rides/${ride.id}/passengers/${entries.get(alice)}`);
        expect(left.status).toBe(200);
      } finally {
        await liftThrottles(suite.db);
      }
      expect(await passengerIds(ride.id)).toEqual(ids(bob));
      expect(await events(alice)).toBe(aliceBefore + 1);
      expect(await events(bob)).toBe(bobBefore);
    });

    it('promotes when the organiser removes a passenger', async () => {
      const { ride, entries } = await fullRide(3, 1, [
        [alice, 1],
        [carol, 1],
      ]);
      expect((await wait(bob, ride.id, 1)).status).toBe(201);
      const removed = await organiser.delete(`/api/rides/${ride.id}/passengers/${entries.get(carol)}`);
      expect(removed.status).toBe(200);
      expect(await passengerIds(ride.id)).toEqual(ids(alice, bob));
      expect(await queue(ride.id)).toEqual([]);
      expect(await notificationsOf(bob, ride.id)).toHaveLength(1);
      await expectSeatsExact(ride.id);
    });

    it('promotes when the organiser raises the maximum', async () => {
      const { ride } = await fullRide(3, 1, [[alice, 2]]);
      expect((await wait(bob, ride.id, 2)).status).toBe(201);
      expect((await wait(carol, ride.id, 1)).status).toBe(201);
      const raised = await organiser.patch(`/api/rides/${ride.id}`, edit(ride, { maxPassengers: 5 }));
      expect(raised.status).toBe(200);
      expect(raised.body.currentPassengers).toBe(5);
      expect(await passengerIds(ride.id)).toEqual(ids(alice, bob));
      expect(await queue(ride.id)).toEqual([{ user_id: carol.user.id, passenger_count: 1 }]);
      expect(await notificationsOf(bob, ride.id)).toHaveLength(1);
      await expectSeatsExact(ride.id);
    });

    it("promotes when the organiser's own party shrinks", async () => {
      const { ride } = await fullRide(4, 3, [[alice, 1]]);
      expect((await wait(bob, ride.id, 2)).status).toBe(201);
      const shrunk = await organiser.patch(`/api/rides/${ride.id}`, edit(ride, { organizerPassengerCount: 1 }));
      expect(shrunk.status).toBe(200);
      expect(shrunk.body.currentPassengers).toBe(4);
      expect(await passengerIds(ride.id)).toEqual(ids(alice, bob));
      expect(await queue(ride.id)).toEqual([]);
      await expectSeatsExact(ride.id);
    });

    it('goes first come, first served, skipping (not dropping) a party too big for the free seats', async () => {
      const { ride, entries } = await fullRide(5, 1, [
        [alice, 2],
        [frank, 2],
      ]);
      for (const [member, count] of [
        [bob, 3],
        [carol, 1],
        [dave, 2],
        [erin, 1],
      ] as [Member, number][]) {
        expect((await wait(member, ride.id, count)).status).toBe(201);
      }
      // Two seats: bob (3) is skipped, carol (1) goes, dave (2) no longer fits, erin (1) goes.
      expect((await alice.delete(`/api/rides/${ride.id}/passengers/${entries.get(alice)}`)).status).toBe(200);
      expect(await passengerIds(ride.id)).toEqual(ids(frank, carol, erin));
      expect(await queue(ride.id)).toEqual([
        { user_id: bob.user.id, passenger_count: 3 },
        { user_id: dave.user.id, passenger_count: 2 },
      ]);
      expect((await bob.get(waitlistPath(ride.id))).body.mine.position).toBe(1);
      expect(await expectSeatsExact(ride.id)).toMatchObject({ current: 5 });

      // Frank's two seats: bob still does not fit and keeps his place; dave goes.
      expect((await frank.delete(`/api/rides/${ride.id}/passengers/${entries.get(frank)}`)).status).toBe(200);
      expect(await passengerIds(ride.id)).toEqual(ids(carol, dave, erin));
      expect(await queue(ride.id)).toEqual([{ user_id: bob.user.id, passenger_count: 3 }]);
      expect((await bob.get(waitlistPath(ride.id))).body.mine.position).toBe(1);
      for (const member of [carol, dave, erin]) expect(await notificationsOf(member, ride.id)).toHaveLength(1);
      expect(await notificationsOf(bob, ride.id)).toEqual([]);
    });

    it('puts a promoted passenger last in a locked drop-off order', async () => {
      const { ride, entries } = await fullRide(
        3,
        1,
        [
          [alice, 1],
          [carol, 1],
        ],
        { direction: 'FC->SG' },
      );
      expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
      expect((await wait(bob, ride.id, 1)).status).toBe(201);
      expect((await alice.delete(`/api/rides/${ride.id}/passengers/${entries.get(alice)}`)).status).toBe(200);
      const stops = await ownerQuery<{ user_id: number; seq: number }>(
        suite.db,
        'select user_id, dropoff_sequence::int as seq from public.ride_passengers where ride_id = $1::integer order by dropoff_sequence',
        [ride.id],
      );
      expect(stops).toEqual([
        { user_id: carol.user.id, seq: 1 },
        { user_id: bob.user.id, seq: 2 },
      ]);
    });

    it('promotes nobody onto a past ride', async () => {
      const { ride, entries } = await fullRide(2, 1, [[alice, 1]]);
      expect((await wait(bob, ride.id, 1)).status).toBe(201);
      await makeRidePast(suite.db, ride.id);
      // The owner corrects the record (the api refuses a member): the seat stays free.
      await ownerQuery(suite.db, 'delete from public.ride_passengers where id = $1::integer', [entries.get(alice)]);
      expect(await passengerIds(ride.id)).toEqual([]);
      expect(await queue(ride.id)).toEqual([{ user_id: bob.user.id, passenger_count: 1 }]);
    });
  });

  describe('row-level security', () => {
    // One transaction as the API's member role, rolled back.
    async function asMember<T>(userId: number, work: (tx: Queryable) => Promise<T>): Promise<T> {
      const rollback = new Error('rollback');
      let result: T | undefined;
      try {
        await suite.db.database.transaction(async (tx) => {
          await setCaller(tx, { userId, isAdmin: false });
          await tx.query('set local role authenticated');
          result = await work(tx);
          throw rollback;
        });
      } catch (error) {
        if (error !== rollback) throw error;
      }
      return result as T;
    }

    it('a member reads only their own entry, the organiser their ride’s queue, and nobody writes directly', async () => {
      const { ride } = await fullRide(2, 1, [[alice, 1]]);
      expect((await wait(bob, ride.id, 1)).status).toBe(201);
      expect((await wait(carol, ride.id, 1)).status).toBe(201);
      const select = 'select user_id from public.ride_waitlist where ride_id = $1::integer order by user_id';

      expect(await asMember(carol.user.id, (tx) => tx.query(select, [ride.id]))).toEqual([{ user_id: carol.user.id }]);
      expect(await asMember(alice.user.id, (tx) => tx.query(select, [ride.id]))).toEqual([]);
      expect(await asMember(dave.user.id, (tx) => tx.query(select, [ride.id]))).toEqual([]);
      expect(
        (await asMember(organiser.user.id, (tx) => tx.query(select, [ride.id]))).map((r: any) => r.user_id),
      ).toEqual(ids(bob, carol));

      const writes = [
        `insert into public.ride_waitlist (ride_id, user_id, passenger_count, dropoff_location) values (${ride.id}, ${dave.user.id}, 1, 'x')`,
        `update public.ride_waitlist set passenger_count = 1 where ride_id = ${ride.id}`,
        `delete from public.ride_waitlist where ride_id = ${ride.id}`,
        `select private.fill_from_waitlist(${ride.id})`,
      ];
      for (const statement of writes) {
        await expect(
          asMember(organiser.user.id, (tx) => tx.query(statement)),
          statement,
        ).rejects.toMatchObject({
          code: '42501',
        });
      }
      expect(await queue(ride.id)).toHaveLength(2);
    });
  });
});
