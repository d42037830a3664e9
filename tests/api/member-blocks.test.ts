// Blocks (issue 26 §1): the blocked member cannot join the blocker's rides or their waitlists, nor
// say "Me too" to the blocker's requests, and is not told why; the blocker no longer sees the
// blocked member's rides (Home's windowed lists, cached for everyone else, and SPEC's whole list),
// requests or chat messages; seats taken before the block stay; unblocking undoes it all; nobody
// reads another member's blocks.
import { beforeAll, describe, expect, it } from 'vitest';

import { setCaller } from '../../supabase/functions/api/lib/database.ts';
import { expectRefusal, liftThrottles } from '../support/accounts.ts';
import { createRide, type Member, PASSWORD, registerMember } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

const SINGAPORE_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Singapore',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function requestBody(daysAhead: number) {
  return {
    direction: 'FC->SG',
    date: SINGAPORE_DAY.format(new Date(Date.now() + daysAhead * 86_400_000)),
    startTime: '17:00',
    endTime: '21:00',
    passengerCount: 1,
    area: 'Tampines',
  };
}

describe.each(oneBackend)('member blocks on %s', (backend) => {
  const suite = useSuite(backend);
  let blocker: Member;
  let blocked: Member;
  let bystander: Member;
  let blockerRide: number;
  let fullRide: number;
  let blockedRide: number;
  let sharedRide: number;

  // The rows of member_blocks the member reads straight from the table, as the api role with RLS.
  async function blockRowsSeenBy(userId: number): Promise<number> {
    const rollback = new Error('rollback');
    let count = -1;
    try {
      await suite.db.database.transaction(async (tx) => {
        await setCaller(tx, { userId, isAdmin: false });
        await tx.query('set local role authenticated');
        const [row] = await tx.query<{ n: number }>('select count(*)::int as n from public.member_blocks');
        count = row!.n;
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    return count;
  }

  const ids = (answer: { body: { rides: { id: number }[] } }) => answer.body.rides.map((ride) => ride.id);

  beforeAll(async () => {
    await liftThrottles(suite.db);
    blocker = await registerMember(suite.app, 'blocker');
    blocked = await registerMember(suite.app, 'blocked');
    bystander = await registerMember(suite.app, 'bystander');
    blockerRide = (await createRide(blocker)).id;
    fullRide = (await createRide(blocker, { maxPassengers: 2 })).id;
    expect((await bystander.post(`/api/rides/${fullRide}/join`, joinBody())).status).toBe(201);
    blockedRide = (await createRide(blocked)).id;
    // A ride of the blocked member's that the blocker joined before blocking.
    sharedRide = (await createRide(blocked)).id;
    expect((await blocker.post(`/api/rides/${sharedRide}/join`, joinBody())).status).toBe(201);
  });

  it('lists the rides of the blocked member until the block, on cached lists too', async () => {
    // Everyone's cached page, warmed before the block: the blocker must not get it afterwards.
    const before = await blocker.get('/api/rides/page?limit=100');
    expect(before.status).toBe(200);
    expect(ids(before)).toContain(blockedRide);
    expect(ids(await bystander.get('/api/rides/page?limit=100'))).toContain(blockedRide);

    const answer = await blocker.post(`/api/blocks/${blocked.user.id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Twice is still one block.
    expect((await blocker.post(`/api/blocks/${blocked.user.id}`)).status).toBe(200);

    const after = await blocker.get('/api/rides/page?limit=100');
    expect(after.status).toBe(200);
    expect(ids(after)).not.toContain(blockedRide);
    expect(ids(after)).not.toContain(sharedRide);
    expect(ids(after)).toContain(blockerRide);
    // Filtered by direction, and the vendor's available list: the same rule.
    expect(ids(await blocker.get('/api/rides/page?limit=100&direction=FC-%3ESG'))).not.toContain(blockedRide);
    // SPEC's whole list.
    const whole = await blocker.get('/api/rides');
    expect(whole.status).toBe(200);
    expect(whole.body.map((ride: { id: number }) => ride.id)).not.toContain(blockedRide);

    // Everyone else still sees them, from the cache and its revalidation alike.
    const other = await bystander.get('/api/rides/page?limit=100');
    expect(ids(other)).toContain(blockedRide);
    expect(ids(await suite.anonymous.get('/api/rides/page?limit=100'))).toContain(blockedRide);
    expect((await bystander.get('/api/rides')).body.map((ride: { id: number }) => ride.id)).toContain(blockedRide);
    // And the blocked member sees the blocker's rides: they only cannot join them.
    expect(ids(await blocked.get('/api/rides/page?limit=100'))).toContain(blockerRide);

    // The ride the blocker had joined stays theirs: My Rides and its page.
    expect(ids(await blocker.get('/api/rides/page?scope=joined&limit=100'))).toContain(sharedRide);
    expect((await blocker.get(`/api/rides/${sharedRide}`)).status).toBe(200);
  });

  it('refuses the blocked member a seat and a place in the queue, without saying why', async () => {
    const join = await blocked.post(`/api/rides/${blockerRide}/join`, joinBody());
    expectRefusal(join, 403, 'You cannot join this ride');
    expect(join.body.code).toBe('join_not_allowed');
    expect(join.body.message).not.toMatch(/block/i);
    const queue = await blocked.post(`/api/rides/${fullRide}/waitlist`, joinBody());
    expectRefusal(queue, 403, 'You cannot join this ride');
    expect(queue.body.code).toBe('join_not_allowed');
    // The blocker is not blocked from the other's rides by their own block.
    expect((await blocker.post(`/api/rides/${blockedRide}/join`, joinBody())).status).toBe(201);
  });

  it('takes the blocked member off the queue and the requests they were only waiting on', async () => {
    const carol = await registerMember(suite.app, 'carol');
    const dave = await registerMember(suite.app, 'dave');
    const queued = (await createRide(carol, { maxPassengers: 2 })).id;
    expect((await dave.post(`/api/rides/${queued}/join`, joinBody())).status).toBe(201);
    expect((await blocked.post(`/api/rides/${queued}/waitlist`, joinBody())).status).toBe(201);
    const request = await carol.post('/api/ride-requests', requestBody(4));
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    expect(
      (await blocked.post(`/api/ride-requests/${request.body.id}/me-too`, { passengerCount: 1, area: 'Bedok' })).status,
    ).toBe(200);

    expect((await carol.post(`/api/blocks/${blocked.user.id}`)).status).toBe(200);
    const [left] = await ownerQuery<{ queued: number; me_too: number }>(
      suite.db,
      `select (select count(*)::int from public.ride_waitlist where ride_id = $1::integer and user_id = $3::integer) as queued,
              (select count(*)::int from public.ride_request_members where request_id = $2::integer and user_id = $3::integer) as me_too`,
      [queued, request.body.id, blocked.user.id],
    );
    expect(left).toEqual({ queued: 0, me_too: 0 });
    // Dave's seat on the same ride is untouched, and a seat freed no longer seats the blocked member.
    expect((await dave.get(`/api/rides/${queued}/passengers`)).body).toHaveLength(1);
  });

  it('never seats from the queue a member the organiser blocked', async () => {
    const erin = await registerMember(suite.app, 'erin');
    const frank = await registerMember(suite.app, 'frank');
    const gina = await registerMember(suite.app, 'gina');
    const ride = (await createRide(erin, { maxPassengers: 2 })).id;
    const seat = await frank.post(`/api/rides/${ride}/join`, joinBody());
    expect(seat.status).toBe(201);
    expect((await erin.post(`/api/blocks/${blocked.user.id}`)).status).toBe(200);
    // A place taken as the block was made: the join's check ran before the block committed, the
    // block's purge before the place was written (neither waits for the other's lock).
    await ownerQuery(
      suite.db,
      `insert into public.ride_waitlist (ride_id, user_id, passenger_count, dropoff_location)
       values ($1::integer, $2::integer, 1, 'Bedok')`,
      [ride, blocked.user.id],
    );
    expect((await gina.post(`/api/rides/${ride}/waitlist`, joinBody())).status).toBe(201);

    expect((await frank.delete(`/api/rides/${ride}/passengers/${seat.body.passengerId}`)).status).toBe(200);
    const aboard = await ownerQuery<{ user_id: number }>(
      suite.db,
      'select user_id from public.ride_passengers where ride_id = $1::integer',
      [ride],
    );
    expect(aboard.map((row) => row.user_id)).toEqual([gina.user.id]);
  });

  it('refuses the blocked member\'s "Me too" and hides the blocker\'s view of their requests', async () => {
    const mine = await blocker.post('/api/ride-requests', requestBody(5));
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const meToo = await blocked.post(`/api/ride-requests/${mine.body.id}/me-too`, { passengerCount: 1, area: 'Bedok' });
    expectRefusal(meToo, 403, 'You cannot join this ride request');
    expect(meToo.body.code).toBe('me_too_not_allowed');
    expect(
      (await bystander.post(`/api/ride-requests/${mine.body.id}/me-too`, { passengerCount: 1, area: 'Bedok' })).status,
    ).toBe(200);

    const theirs = await blocked.post('/api/ride-requests', requestBody(6));
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const seenBy = async (member: Member) =>
      (await member.get('/api/ride-requests')).body.map((request: { id: number }) => request.id);
    expect(await seenBy(blocker)).not.toContain(theirs.body.id);
    expect(await seenBy(blocker)).toContain(mine.body.id);
    expect(await seenBy(bystander)).toContain(theirs.body.id);
    expect((await suite.anonymous.get('/api/ride-requests')).body.map((r: { id: number }) => r.id)).toContain(
      theirs.body.id,
    );
  });

  it("hides the blocked member's chat messages from the blocker only; seats stay", async () => {
    // Both are on sharedRide (the blocker joined before blocking): the booking stands.
    expect((await blocked.post(`/api/rides/${sharedRide}/messages`, { body: 'Pickup at 7' })).status).toBe(201);
    expect((await blocker.post(`/api/rides/${sharedRide}/messages`, { body: 'On my way' })).status).toBe(201);
    const pinned = await blocked.get(`/api/rides/${sharedRide}/messages`);
    const first = pinned.body.messages.find((m: { body: string }) => m.body === 'Pickup at 7');
    expect(
      (await blocked.call('PUT', `/api/rides/${sharedRide}/messages/${first.id}/pin`, { pinned: true })).status,
    ).toBe(200);

    const forBlocker = await blocker.get(`/api/rides/${sharedRide}/messages`);
    expect(forBlocker.status).toBe(200);
    // Members' messages (the app's own lines, such as joins, have no author).
    const said = (messages: { authorId: number | null; body: string }[]) =>
      messages.filter((m) => m.authorId !== null).map((m) => m.body);
    expect(said(forBlocker.body.messages)).toEqual(['On my way']);
    expect(forBlocker.body.pinned).toBeNull();
    const forAuthor = await blocked.get(`/api/rides/${sharedRide}/messages`);
    expect(said(forAuthor.body.messages)).toEqual(['Pickup at 7', 'On my way']);
    expect(forAuthor.body.pinned).toMatchObject({ body: 'Pickup at 7' });
  });

  it("keeps the blocked member out of the blocker's chat everywhere: lines about them, unread, notifications, pin", async () => {
    // The blocked member's announcement on sharedRide (pinned above) is not the blocker's either.
    expect((await blocker.get(`/api/rides/${sharedRide}/chat`)).body.pinned).toBeNull();

    // A bystander's ride both are on: the blocked member joins after the blocker, talks, leaves.
    const ride = (await createRide(bystander)).id;
    expect((await blocker.post(`/api/rides/${ride}/join`, joinBody())).status).toBe(201);
    const seat = await blocked.post(`/api/rides/${ride}/join`, joinBody());
    expect(seat.status).toBe(201);
    expect((await blocked.post(`/api/rides/${ride}/messages`, { body: 'Hello all' })).status).toBe(201);
    const unread = async (member: Member) => (await member.get(`/api/rides/${ride}/chat`)).body.unread as number;
    const chatNotifications = async (member: Member) => {
      const [row] = await ownerQuery<{ n: number }>(
        suite.db,
        `select count(*)::int as n from public.notifications where user_id = $1 and ride_id = $2 and kind = 'chat_message'`,
        [member.user.id, ride],
      );
      return row!.n;
    };
    expect([await unread(blocker), await chatNotifications(blocker)]).toEqual([0, 0]);
    expect([await unread(bystander), await chatNotifications(bystander)]).toEqual([1, 1]);
    expect((await blocked.delete(`/api/rides/${ride}/passengers/${seat.body.passengerId}`)).status).toBe(200);

    type Line = { authorId: number | null; body: string; system: { kind: string; params: { name?: string } } | null };
    const lines = async (member: Member) =>
      ((await member.get(`/api/rides/${ride}/messages`)).body.messages as Line[]).filter((m) => m.system);
    // The organiser reads: the blocker joined, the blocked member joined, then left.
    const forBystander = await lines(bystander);
    expect(forBystander.map((line) => line.system!.kind)).toEqual(['joined', 'joined', 'left']);
    const blockerName = forBystander[0]!.system!.params.name!;
    const blockedName = forBystander[1]!.system!.params.name!;
    expect(forBystander[2]!.system!.params.name).toBe(blockedName);
    expect(blockedName).not.toBe(blockerName);
    // The blocker reads only their own join: nothing names the member they blocked.
    const forBlocker = await lines(blocker);
    expect(forBlocker.map((line) => line.system!.params.name)).toEqual([blockerName]);
    expect(JSON.stringify(forBlocker)).not.toContain(blockedName);
  });

  it('lists the blocks to the blocker only, and unblocking undoes the effects', async () => {
    const list = await blocker.get('/api/blocks');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ userId: blocked.user.id, name: expect.any(String), blockedAt: expect.any(String) }]);
    expect(list.body[0].name).not.toBe(blocked.user.discordUsername);
    expect((await blocked.get('/api/blocks')).body).toEqual([]);
    // Row-level security: the blocked member reads no row of it, even straight from the table.
    expect(await blockRowsSeenBy(blocked.user.id)).toBe(0);
    expect(await blockRowsSeenBy(blocker.user.id)).toBe(1);

    expectRefusal(await blocker.post(`/api/blocks/${blocker.user.id}`), 400, 'You cannot block yourself');
    expectRefusal(await blocker.post('/api/blocks/99999999'), 404);
    expectRefusal(await blocker.post('/api/blocks/abc'), 400);
    expectRefusal(await suite.anonymous.post(`/api/blocks/${blocked.user.id}`), 401);
    expectRefusal(await suite.anonymous.get('/api/blocks'), 401);

    expect((await blocker.delete(`/api/blocks/${blocked.user.id}`)).status).toBe(200);
    expect((await blocker.get('/api/blocks')).body).toEqual([]);
    expect(ids(await blocker.get('/api/rides/page?limit=100'))).toContain(blockedRide);
    expect((await blocked.post(`/api/rides/${blockerRide}/join`, joinBody())).status).toBe(201);
  });

  it('deletes the blocks a member made and received when they delete their account', async () => {
    const leaver = await registerMember(suite.app, 'leaver');
    expect((await leaver.post(`/api/blocks/${bystander.user.id}`)).status).toBe(200);
    expect((await bystander.post(`/api/blocks/${leaver.user.id}`)).status).toBe(200);
    const deleted = await leaver.post('/api/account/delete', { currentPassword: PASSWORD });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const [left] = await ownerQuery<{ n: number }>(
      suite.db,
      'select count(*)::int as n from public.member_blocks where $1::integer in (blocker_id, blocked_id)',
      [leaver.user.id],
    );
    expect(left!.n).toBe(0);
    expect((await bystander.get('/api/blocks')).body).toEqual([]);
  });
});
