// Handing a ride over (issue 26 §2): the organiser offers their upcoming ride to one of its
// passengers; the passenger accepts and organises it with their party and stop, the old organiser
// leaves the ride, and the waitlist takes the seats freed. Deleting an account then cancels only
// the rides still the member's.
import { describe, expect, it } from 'vitest';

import { expectRefusal } from '../support/accounts.ts';
import { createRide, type Member, PASSWORD, registerMember } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody, makeRidePast, rideCounts } from './ride-test-kit.ts';

describe.each(backends)('ride hand-overs on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });

  async function ok(answer: Promise<{ status: number; body: any }>) {
    const result = await answer;
    expect([200, 201], JSON.stringify(result.body)).toContain(result.status);
    return result.body;
  }

  async function join(member: Member, rideId: number, overrides: Record<string, unknown> = {}) {
    return ok(member.post(`/api/rides/${rideId}/join`, joinBody(overrides)));
  }

  async function inbox(member: Member, rideId: number) {
    return ownerQuery<{ kind: string; params: Record<string, unknown> }>(
      suite.db,
      'select kind, params from public.notifications where user_id = $1 and ride_id = $2 order by id',
      [member.user.id, rideId],
    );
  }

  async function chatLines(rideId: number) {
    const rows = await ownerQuery<{ system_kind: string }>(
      suite.db,
      'select system_kind from public.ride_messages where ride_id = $1 and system_kind is not null order by id',
      [rideId],
    );
    return rows.map((row) => row.system_kind);
  }

  it('refuses an offer from anyone but the organiser, to anyone but a passenger, of a past ride', async () => {
    const organiser = await registerMember(suite.app, 'org');
    const passenger = await registerMember(suite.app, 'pax');
    const stranger = await registerMember(suite.app, 'far');
    const ride = await createRide(organiser);
    await join(passenger, ride.id);

    const byPassenger = await passenger.post(`/api/rides/${ride.id}/handover`, { toUserId: passenger.user.id });
    expectRefusal(byPassenger, 403);
    expect(byPassenger.body.code).toBe('handover_organizer_only');
    const toStranger = await organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: stranger.user.id });
    expectRefusal(toStranger, 409);
    expect(toStranger.body.code).toBe('handover_not_passenger');
    const toSelf = await organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: organiser.user.id });
    expect(toSelf.body.code).toBe('handover_not_passenger');
    for (const body of [{}, { toUserId: 'x' }, { toUserId: 1.5 }, { toUserId: 0 }, { toUserId: 2 ** 40 }]) {
      expectRefusal(await organiser.post(`/api/rides/${ride.id}/handover`, body), 400);
    }
    expectRefusal(await organiser.post('/api/rides/999999/handover', { toUserId: passenger.user.id }), 404);
    expectRefusal(await suite.anonymous.post(`/api/rides/${ride.id}/handover`, { toUserId: passenger.user.id }), 401);

    // Blocked either way: refused without the reason.
    await ok(passenger.post(`/api/blocks/${organiser.user.id}`));
    const blocked = await organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: passenger.user.id });
    expectRefusal(blocked, 403);
    expect(blocked.body.code).toBe('handover_not_allowed');
    await ok(passenger.delete(`/api/blocks/${organiser.user.id}`));

    await makeRidePast(suite.db, ride.id);
    const past = await organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: passenger.user.id });
    expectRefusal(past, 409);
    expect(past.body.code).toBe('handover_past_ride');
    expect(await ownerQuery(suite.db, 'select 1 from public.ride_handovers where ride_id = $1', [ride.id])).toEqual([]);
  });

  it('shows the offer to its two members only, tells the passenger, replaces, withdraws and is declined', async () => {
    const organiser = await registerMember(suite.app, 'org');
    const first = await registerMember(suite.app, 'pax');
    const second = await registerMember(suite.app, 'pax');
    const ride = await createRide(organiser);
    await join(first, ride.id);
    await join(second, ride.id);

    const offered = await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: first.user.id }));
    expect(offered.handover).toMatchObject({
      rideId: ride.id,
      offeredBy: { id: organiser.user.id, name: organiser.user.name },
      offeredTo: { id: first.user.id, name: first.user.name },
    });
    expect((await first.get(`/api/rides/${ride.id}/handover`)).body.handover).toMatchObject({
      offeredTo: { id: first.user.id },
    });
    expect((await second.get(`/api/rides/${ride.id}/handover`)).body).toEqual({ handover: null });
    expect(await inbox(first, ride.id)).toContainEqual(
      expect.objectContaining({
        kind: 'handover_offered',
        params: expect.objectContaining({ name: organiser.user.name }),
      }),
    );

    // Again, to the other passenger: one offer per ride.
    await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: second.user.id }));
    expect((await first.get(`/api/rides/${ride.id}/handover`)).body).toEqual({ handover: null });
    expect((await second.get(`/api/rides/${ride.id}/handover`)).body.handover.offeredTo.id).toBe(second.user.id);
    const refusedAccept = await first.post(`/api/rides/${ride.id}/handover/accept`);
    expectRefusal(refusedAccept, 404);
    expect(refusedAccept.body.code).toBe('handover_not_offered');

    // A member of neither side changes nothing by declining.
    await ok(first.delete(`/api/rides/${ride.id}/handover`));
    expect((await organiser.get(`/api/rides/${ride.id}/handover`)).body.handover.offeredTo.id).toBe(second.user.id);
    // The passenger offered declines.
    await ok(second.delete(`/api/rides/${ride.id}/handover`));
    expect((await organiser.get(`/api/rides/${ride.id}/handover`)).body).toEqual({ handover: null });

    // The organiser withdraws; a passenger who leaves takes the offer with them.
    await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: first.user.id }));
    await ok(organiser.delete(`/api/rides/${ride.id}/handover`));
    expect((await first.get(`/api/rides/${ride.id}/handover`)).body).toEqual({ handover: null });
    await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: first.user.id }));
    const seat = (await organiser.get(`/api/rides/${ride.id}/passengers`)).body.find(
      (p: { userId: number }) => p.userId === first.user.id,
    );
    await ok(first.delete(`/api/rides/${ride.id}/passengers/${seat.id}`));
    expect((await organiser.get(`/api/rides/${ride.id}/handover`)).body).toEqual({ handover: null });
  });

  async function told(member: Member, rideId: number, kind: string) {
    return (await inbox(member, rideId)).filter((row) => row.kind === kind);
  }

  it('tells the organiser once of a decline, the passenger once of a withdrawal, nobody without an offer', async () => {
    const organiser = await registerMember(suite.app, 'org');
    const first = await registerMember(suite.app, 'pax');
    const second = await registerMember(suite.app, 'pax');
    const ride = await createRide(organiser);
    await join(first, ride.id);
    await join(second, ride.id);
    const everyone = [organiser, first, second];
    const endings = async () =>
      (
        await ownerQuery<{ n: number }>(
          suite.db,
          `select count(*)::integer as n from public.notifications
            where ride_id = $1 and kind in ('handover_declined', 'handover_withdrawn')`,
          [ride.id],
        )
      )[0]!.n;

    // No offer: withdrawing or declining tells nobody.
    for (const member of everyone) await ok(member.delete(`/api/rides/${ride.id}/handover`));
    expect(await endings()).toBe(0);

    // The passenger declines: the organiser is told, by the passenger's name, once.
    await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: first.user.id }));
    await ok(second.delete(`/api/rides/${ride.id}/handover`));
    expect(await endings()).toBe(0);
    await ok(first.delete(`/api/rides/${ride.id}/handover`));
    await ok(first.delete(`/api/rides/${ride.id}/handover`));
    const declined = await told(organiser, ride.id, 'handover_declined');
    expect(declined).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ name: first.user.name, rideId: ride.id }) }),
    ]);
    expect(await endings()).toBe(1);

    // The organiser withdraws: the passenger is told, by the organiser's name, once.
    await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: first.user.id }));
    await ok(organiser.delete(`/api/rides/${ride.id}/handover`));
    await ok(organiser.delete(`/api/rides/${ride.id}/handover`));
    expect(await told(first, ride.id, 'handover_withdrawn')).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ name: organiser.user.name }) }),
    ]);
    expect(await told(organiser, ride.id, 'handover_declined')).toHaveLength(1);
    expect(await endings()).toBe(2);

    // An offer to another passenger withdraws the first one's, and says so to them.
    await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: first.user.id }));
    await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: second.user.id }));
    expect(await told(first, ride.id, 'handover_withdrawn')).toHaveLength(2);
    expect(await told(second, ride.id, 'handover_withdrawn')).toEqual([]);
    expect(await endings()).toBe(3);

    // A ride that has left: its offer goes quietly, there is nothing left to hand over.
    await makeRidePast(suite.db, ride.id);
    await ok(second.delete(`/api/rides/${ride.id}/handover`));
    expect(await ownerQuery(suite.db, 'select 1 from public.ride_handovers where ride_id = $1', [ride.id])).toEqual([]);
    expect(await endings()).toBe(3);
  });

  it('throttles new offers per organiser (handovers:offered); the same offer again is no new one', async () => {
    await ownerQuery(suite.db, `update private.throttle_limits set max_count = 3 where name = 'handovers:offered'`);
    try {
      const organiser = await registerMember(suite.app, 'org');
      const first = await registerMember(suite.app, 'pax');
      const second = await registerMember(suite.app, 'pax');
      const ride = await createRide(organiser);
      const other = await createRide(organiser);
      await join(first, ride.id);
      await join(second, ride.id);
      await join(first, other.id);

      // The same offer, while it stands, tells the passenger once and counts once.
      await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: first.user.id }));
      await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: first.user.id }));
      expect(await told(first, ride.id, 'handover_offered')).toHaveLength(1);
      await ok(organiser.delete(`/api/rides/${ride.id}/handover`));
      await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: first.user.id }));
      // Per organiser, whatever the ride.
      await ok(organiser.post(`/api/rides/${other.id}/handover`, { toUserId: first.user.id }));
      const before = (await inbox(second, ride.id)).length;

      const refused = await organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: second.user.id });
      expectRefusal(refused, 429, /^Too many hand-over offers\. Please try again in \d+ (minute|minutes)\.$/);
      expect(refused.body.code).toBe('too_many_handover_offers');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // Nothing changed and nobody was told.
      expect((await organiser.get(`/api/rides/${ride.id}/handover`)).body.handover.offeredTo.id).toBe(first.user.id);
      expect(await inbox(second, ride.id)).toHaveLength(before);
      expect(await told(first, ride.id, 'handover_withdrawn')).toHaveLength(1);
      // Still free: the offer that stands, again; withdrawing and declining.
      await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: first.user.id }));
      await ok(first.delete(`/api/rides/${ride.id}/handover`));
      await ok(organiser.delete(`/api/rides/${other.id}/handover`));
      expect(await told(first, ride.id, 'handover_offered')).toHaveLength(2);
    } finally {
      await ownerQuery(
        suite.db,
        `update private.throttle_limits set max_count = 1000000 where name = 'handovers:offered'`,
      );
    }
  });

  it('makes the passenger the organiser with their party and stop, frees the old seats to the waitlist', async () => {
    const organiser = await registerMember(suite.app, 'org');
    const taker = await registerMember(suite.app, 'pax');
    const rider = await registerMember(suite.app, 'pax');
    const waiting = await registerMember(suite.app, 'wait');
    const third = await registerMember(suite.app, 'far');
    // 5 seats: the organiser's party of 2, the taker's 2, the rider's 1; a party of 2 waits.
    const ride = await createRide(organiser, {
      organizerPassengerCount: 2,
      dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 2 }],
    });
    await join(taker, ride.id, { passengerCount: 2, dropoffLocation: 'Tampines Hub' });
    await join(rider, ride.id, { dropoffLocation: 'Bedok Mall' });
    await ok(waiting.post(`/api/rides/${ride.id}/waitlist`, { passengerCount: 2, dropoffLocation: 'Simei' }));
    expect(await rideCounts(suite.db, ride.id)).toMatchObject({ current: 5, max: 5 });

    await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: taker.user.id }));
    const stolen = await third.post(`/api/rides/${ride.id}/handover/accept`);
    expectRefusal(stolen, 404);
    expect(stolen.body.code).toBe('handover_not_offered');
    expect((await rider.post(`/api/rides/${ride.id}/handover/accept`)).body.code).toBe('handover_not_offered');

    const accepted = await ok(taker.post(`/api/rides/${ride.id}/handover/accept`));
    expect(accepted.ride).toMatchObject({
      id: ride.id,
      creatorId: taker.user.id,
      organizerPassengerCount: 2,
      pickupLocation: 'Tampines Hub',
      dropoffLocations: [{ location: 'Tampines Hub', passengerCount: 2 }],
    });
    // The taker's 2 + the rider's 1 + the party that waited, 2: full again, nobody left waiting.
    expect(await rideCounts(suite.db, ride.id)).toEqual({ current: 5, organiser: 2, passengerSum: 3, rows: 2, max: 5 });
    const aboard = (await taker.get(`/api/rides/${ride.id}/passengers`)).body.map((p: { userId: number }) => p.userId);
    expect(aboard.sort()).toEqual([rider.user.id, waiting.user.id].sort());
    expect(await ownerQuery(suite.db, 'select 1 from public.ride_waitlist where ride_id = $1', [ride.id])).toEqual([]);
    expect(await ownerQuery(suite.db, 'select 1 from public.ride_handovers where ride_id = $1', [ride.id])).toEqual([]);

    // Told as it happened: no "left the ride" for the old organiser, a hand-over for everyone.
    const told = await inbox(organiser, ride.id);
    expect(told.map((row) => row.kind)).not.toContain('passenger_left');
    expect(told).toContainEqual(
      expect.objectContaining({ kind: 'ride_handed_over', params: expect.objectContaining({ name: taker.user.name }) }),
    );
    // Once: the stop that moved with the new organiser is part of the hand-over, not a change.
    const riderTold = (await inbox(rider, ride.id)).map((row) => row.kind);
    expect(riderTold).toContain('ride_handed_over');
    expect(riderTold).not.toContain('ride_changed');
    expect((await inbox(waiting, ride.id)).map((row) => row.kind)).toContain('waitlist_seat');
    const lines = await chatLines(ride.id);
    expect(lines.slice(-2).sort()).toEqual(['handed_over', 'joined']);
    expect(lines).not.toContain('left');

    // The old organiser is out: no longer theirs to change, nor to offer again.
    expect((await organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: rider.user.id })).body.code).toBe(
      'handover_organizer_only',
    );
  });

  it('seats nobody the new organiser blocked, or who blocked them, and takes them off the queue', async () => {
    const organiser = await registerMember(suite.app, 'org');
    const taker = await registerMember(suite.app, 'pax');
    const blockedByTaker = await registerMember(suite.app, 'wait');
    const blockingTaker = await registerMember(suite.app, 'wait');
    const next = await registerMember(suite.app, 'wait');
    // 2 seats: the organiser's 1 and the taker's 1; three wait in this order.
    const ride = await createRide(organiser, { maxPassengers: 2 });
    await join(taker, ride.id);
    for (const waiting of [blockedByTaker, blockingTaker, next]) {
      await ok(waiting.post(`/api/rides/${ride.id}/waitlist`, { passengerCount: 1, dropoffLocation: 'Simei' }));
    }
    // Blocks on the taker's side and against them: neither touches the organiser's queue.
    await ok(taker.post(`/api/blocks/${blockedByTaker.user.id}`));
    await ok(blockingTaker.post(`/api/blocks/${taker.user.id}`));
    const queued = async () =>
      (
        await ownerQuery<{ user_id: number }>(
          suite.db,
          'select user_id from public.ride_waitlist where ride_id = $1 order by created_at, id',
          [ride.id],
        )
      ).map((row) => row.user_id);
    expect(await queued()).toEqual([blockedByTaker.user.id, blockingTaker.user.id, next.user.id]);

    await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: taker.user.id }));
    await ok(taker.post(`/api/rides/${ride.id}/handover/accept`));

    // The seat the old organiser freed goes to the first in the queue on neither side of a block.
    const aboard = await ownerQuery<{ user_id: number }>(
      suite.db,
      'select user_id from public.ride_passengers where ride_id = $1',
      [ride.id],
    );
    expect(aboard.map((row) => row.user_id)).toEqual([next.user.id]);
    // Neither blocked side waits for the new organiser's ride: a later seat would seat them.
    expect(await queued()).toEqual([]);
    for (const waiting of [blockedByTaker, blockingTaker]) {
      expect((await inbox(waiting, ride.id)).map((row) => row.kind)).not.toContain('waitlist_seat');
    }
  });

  it('after an accepted hand-over, deleting the account keeps that ride and cancels the others', async () => {
    const leaving = await registerMember(suite.app, 'leave');
    const taker = await registerMember(suite.app, 'pax');
    const rider = await registerMember(suite.app, 'pax');
    const offeredOnly = await registerMember(suite.app, 'pax');
    const kept = await createRide(leaving);
    const cancelled = await createRide(leaving);
    await join(taker, kept.id);
    await join(rider, kept.id);
    await join(offeredOnly, cancelled.id);
    await ok(leaving.post(`/api/rides/${kept.id}/handover`, { toUserId: taker.user.id }));
    await ok(taker.post(`/api/rides/${kept.id}/handover/accept`));
    // An offer made and never accepted does not keep a ride.
    await ok(leaving.post(`/api/rides/${cancelled.id}/handover`, { toUserId: offeredOnly.user.id }));

    const deleted = await ok(leaving.post('/api/account/delete', { currentPassword: PASSWORD }));
    expect(deleted).toMatchObject({ ridesCancelled: 1 });

    const still = await taker.get(`/api/rides/${kept.id}`);
    expect(still.status).toBe(200);
    expect(still.body).toMatchObject({ creatorId: taker.user.id });
    const aboard = (await taker.get(`/api/rides/${kept.id}/passengers`)).body.map((p: { userId: number }) => p.userId);
    expect(aboard).toEqual([rider.user.id]);
    expect((await offeredOnly.get(`/api/rides/${cancelled.id}`)).status).toBe(404);
    const told = await ownerQuery<{ kind: string }>(
      suite.db,
      'select kind from public.notifications where user_id = $1',
      [offeredOnly.user.id],
    );
    expect(told.map((row) => row.kind)).toContain('ride_deleted');
    expect(
      await ownerQuery(suite.db, 'select 1 from public.ride_handovers where $1 in (offered_by, offered_to)', [
        leaving.user.id,
      ]),
    ).toEqual([]);
  });

  it('keeps the seats right when an accept and joins run at the same moment', { timeout: 60_000 }, async () => {
    const organiser = await registerMember(suite.app, 'org');
    const taker = await registerMember(suite.app, 'pax');
    const crowd = await Promise.all(Array.from({ length: 6 }, () => registerMember(suite.app, 'crowd')));
    for (let round = 0; round < 3; round += 1) {
      // 4 seats: the organiser's 2 and the taker's 1; one seat left for six who try at once.
      const ride = await createRide(organiser, {
        maxPassengers: 4,
        organizerPassengerCount: 2,
        dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 2 }],
      });
      await join(taker, ride.id);
      await ok(organiser.post(`/api/rides/${ride.id}/handover`, { toUserId: taker.user.id }));
      const answers = await Promise.all([
        taker.post(`/api/rides/${ride.id}/handover/accept`),
        ...crowd.map((member) => member.post(`/api/rides/${ride.id}/join`, joinBody())),
      ]);
      expect(answers[0]!.status, JSON.stringify(answers[0]!.body)).toBe(200);
      for (const answer of answers.slice(1)) expect([201, 409]).toContain(answer.status);
      const counts = await rideCounts(suite.db, ride.id);
      expect(counts.current).toBe(counts.organiser + counts.passengerSum);
      expect(counts.organiser).toBe(1);
      expect(counts.current).toBeLessThanOrEqual(counts.max);
      // Whoever came first: the seat left, and the two the old organiser freed once they were.
      const joined = answers.slice(1).filter((answer) => answer.status === 201).length;
      expect(joined).toBeGreaterThanOrEqual(1);
      expect(joined).toBeLessThanOrEqual(3);
      expect(counts.current).toBe(1 + joined);
      const [row] = await ownerQuery<{ organiser_id: number }>(
        suite.db,
        'select organiser_id from public.rides where id = $1',
        [ride.id],
      );
      expect(row!.organiser_id).toBe(taker.user.id);
    }
  });
});
