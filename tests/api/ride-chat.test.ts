// A ride's conversation (issue 25 §1): who is in it (the organiser, everyone aboard, the assigned
// vendor; nobody else, by the api and by row-level security), the length and character rules,
// deleting one's own messages, the organiser's pin, the read-only week, the purge 90 days after
// the ride, the throttle, and revalidation with the ETag.
import { beforeAll, describe, expect, it } from 'vitest';

import { setCaller } from '../../supabase/functions/api/lib/database.ts';
import { expectRefusal } from '../support/accounts.ts';
import { createRide, type Member, registerMember } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { registerApprovedVendor } from '../support/vendors.ts';
import { joinBody } from './ride-test-kit.ts';

describe.each(oneBackend)('ride chat on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let outsider: Member;
  let vendor: Member;
  let rideId: number;
  let bobEntry: number;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'orgr');
    alice = await registerMember(suite.app, 'alice');
    bob = await registerMember(suite.app, 'bob');
    outsider = await registerMember(suite.app, 'outsider');
    vendor = await registerApprovedVendor(suite);
    rideId = (await createRide(organiser)).id;
    expect((await alice.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
    const joined = await bob.post(`/api/rides/${rideId}/join`, joinBody());
    expect(joined.status).toBe(201);
    bobEntry = joined.body.passengerId;
    expect((await vendor.post(`/api/rides/${rideId}/assign`)).status).toBe(200);
  });

  const path = (ride = rideId) => `/api/rides/${ride}/messages`;

  // The members' messages, without the app's own lines (joins, a driver booked, ...).
  const said = (messages: any[]) => messages.filter((message) => message.authorId !== null);

  async function send(member: Member, body: string, ride = rideId) {
    const answer = await member.post(path(ride), { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  }

  // The rows the member reads straight from the table, as the api role with RLS.
  async function rowsSeenBy(userId: number, ride = rideId): Promise<number> {
    const rollback = new Error('rollback');
    let count = -1;
    try {
      await suite.db.database.transaction(async (tx) => {
        await setCaller(tx, { userId, isAdmin: false });
        await tx.query('set local role authenticated');
        const [row] = await tx.query<{ n: number }>(
          'select count(*)::int as n from public.ride_messages where ride_id = $1::integer',
          [ride],
        );
        count = row!.n;
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    return count;
  }

  async function setRideDate(ride: number, interval: string) {
    await ownerQuery(suite.db, `update public.rides set date = now() - $2::interval where id = $1::integer`, [
      ride,
      interval,
    ]);
  }

  it('lets the organiser, the passengers and the assigned driver talk, with names, own flags and order', async () => {
    const first = await send(organiser, 'Pickup at 7:30, lobby B');
    const second = await send(alice, 'See you there\nI have one suitcase');
    const third = await send(vendor, 'Driver here, silver Alphard');
    expect(second).toMatchObject({
      authorId: alice.user.id,
      authorName: 'alice person',
      body: 'See you there\nI have one suitcase',
      own: true,
      pinned: false,
    });
    expect(second.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const read = await bob.get(path());
    expect(read.status).toBe(200);
    expect(read.body.rideId).toBe(rideId);
    expect(read.body.readOnly).toBe(false);
    expect(read.body.pinned).toBeNull();
    const ids = said(read.body.messages).map((message: any) => message.id);
    expect(ids).toEqual([first.id, second.id, third.id]);
    expect(said(read.body.messages).map((message: any) => message.own)).toEqual([false, false, false]);
    expect(said(read.body.messages)[2].authorName).toBe('vendor person');
    const mine = await alice.get(path());
    expect(said(mine.body.messages).map((message: any) => message.own)).toEqual([false, true, false]);
    // No contacts travel with the conversation.
    expect(JSON.stringify(read.body)).not.toMatch(/9123|whatsapp|discord/i);
  });

  it('refuses an outsider and a visitor, who read nothing, by the api and by row-level security', async () => {
    const refused = await outsider.get(path());
    expectRefusal(refused, 403, 'Only the people on this ride can read and write its chat');
    expect(refused.body.code).toBe('not_in_ride_chat');
    expectRefusal(await outsider.post(path(), { body: 'Hi all' }), 403);
    expectRefusal(await suite.anonymous.get(path()), 401);
    expect(await rowsSeenBy(outsider.user.id)).toBe(0);
    expect(await rowsSeenBy(alice.user.id)).toBeGreaterThan(0);
    expect(await rowsSeenBy(vendor.user.id)).toBeGreaterThan(0);
    const missing = await alice.get(path(2147483647));
    expectRefusal(missing, 404);
    expect(missing.body.code).toBe('ride_not_found');
  });

  it('stops a removed passenger: refused and reading nothing, while the others go on', async () => {
    const other = await registerMember(suite.app, 'leaver');
    const ride = (await createRide(organiser)).id;
    const joined = await other.post(`/api/rides/${ride}/join`, joinBody());
    expect(joined.status).toBe(201);
    await send(other, 'Hello, I am in', ride);
    // Their message and the line saying they joined.
    expect(await rowsSeenBy(other.user.id, ride)).toBe(2);
    expect((await organiser.delete(`/api/rides/${ride}/passengers/${joined.body.passengerId}`)).status).toBe(200);
    expectRefusal(await other.get(path(ride)), 403);
    expectRefusal(await other.post(path(ride), { body: 'Still here?' }), 403);
    expect(await rowsSeenBy(other.user.id, ride)).toBe(0);
    expect(said((await organiser.get(path(ride))).body.messages)).toHaveLength(1);
  });

  it.each([
    ['an empty message', '', /^Message is required$/],
    ['a blank message', '   \n ', /^Message is required$/],
    ['1,001 characters', 'x'.repeat(1001), /^Message must be at most 1000 characters$/],
    ['a NUL', 'Hi\u0000 there', /^Message cannot contain control characters$/],
    ['an escape', 'Hi \u001b[31mthere', /^Message cannot contain control characters$/],
    ['a right-to-left override', 'Hi \u202ethere', /^Message cannot contain invisible characters/],
    ['a zero-width space', 'Hi\u200bthere', /^Message cannot contain invisible characters/],
  ])('refuses %s and stores nothing', async (_label, body, message) => {
    const before = (await alice.get(path())).body.messages.length;
    const answer = await alice.post(path(), { body });
    expectRefusal(answer, 400, message);
    expect(answer.body.code).toBe('invalid_input');
    expect((await alice.get(path())).body.messages).toHaveLength(before);
  });

  it('keeps 1,000 characters, and the database refuses hidden characters whoever writes', async () => {
    const long = await send(alice, 'y'.repeat(1000));
    expect(long.body).toHaveLength(1000);
    await expect(
      ownerQuery(suite.db, "insert into public.ride_messages (ride_id, author_id, body) values ($1, $2, 'a\u202eb')", [
        rideId,
        alice.user.id,
      ]),
    ).rejects.toThrow(/ride_messages_text_visible/);
    await expect(
      ownerQuery(suite.db, 'insert into public.ride_messages (ride_id, author_id, body) values ($1, $2, $3)', [
        rideId,
        alice.user.id,
        'z'.repeat(1001),
      ]),
    ).rejects.toThrow(/ride_messages_body_check/);
  });

  it('deletes only the member’s own message', async () => {
    const message = await send(bob, 'Wrong chat, sorry');
    const theirs = await alice.delete(`${path()}/${message.id}`);
    expectRefusal(theirs, 403, 'You can only delete your own messages');
    expect(theirs.body.code).toBe('not_message_author');
    expectRefusal(await organiser.delete(`${path()}/${message.id}`), 403);
    expect((await bob.delete(`${path()}/${message.id}`)).status).toBe(200);
    const gone = await bob.delete(`${path()}/${message.id}`);
    expectRefusal(gone, 404);
    expect(gone.body.code).toBe('ride_message_not_found');
    const read = await alice.get(path());
    expect(read.body.messages.map((m: any) => m.id)).not.toContain(message.id);
  });

  it('lets only the organiser pin, one message at a time, shown even when older than the last 200', async () => {
    const announcement = await send(organiser, 'Pickup 7:30 at Pasir Ris MRT exit A');
    const refused = await alice.call('PUT', `${path()}/${announcement.id}/pin`, { pinned: true });
    expectRefusal(refused, 403, 'Only the organizer can pin a message');
    expect(refused.body.code).toBe('not_ride_chat_pinner');
    expectRefusal(await vendor.call('PUT', `${path()}/${announcement.id}/pin`, { pinned: true }), 403);

    expect((await organiser.call('PUT', `${path()}/${announcement.id}/pin`, { pinned: true })).status).toBe(200);
    let read = await alice.get(path());
    expect(read.body.pinned).toMatchObject({ id: announcement.id, pinned: true, body: announcement.body });

    const correction = await send(organiser, 'Pickup 7:45 now');
    expect((await organiser.call('PUT', `${path()}/${correction.id}/pin`, { pinned: true })).status).toBe(200);
    const [{ n }] = await ownerQuery<{ n: number }>(
      suite.db,
      'select count(*)::int as n from public.ride_messages where ride_id = $1 and pinned_at is not null',
      [rideId],
    );
    expect(n).toBe(1);

    // 200 later messages: the pin is still answered, beside the newest 200.
    await ownerQuery(
      suite.db,
      `insert into public.ride_messages (ride_id, author_id, body)
       select $1, $2, 'filler ' || g from generate_series(1, 200) g`,
      [rideId, alice.user.id],
    );
    read = await alice.get(path());
    expect(read.body.messages).toHaveLength(200);
    expect(read.body.messages[0].body).toBe('filler 1');
    expect(read.body.messages[199].body).toBe('filler 200');
    expect(read.body.pinned.id).toBe(correction.id);

    // Unpinning another message leaves the pin where it is.
    expect((await organiser.call('PUT', `${path()}/${announcement.id}/pin`, { pinned: false })).status).toBe(200);
    expect((await alice.get(path())).body.pinned.id).toBe(correction.id);
    expect((await organiser.call('PUT', `${path()}/${correction.id}/pin`, { pinned: false })).status).toBe(200);
    expect((await alice.get(path())).body.pinned).toBeNull();
    expectRefusal(await organiser.call('PUT', `${path()}/2147483647/pin`, { pinned: true }), 404);
  });

  it('answers 304 to a member whose copy is current, and a new body once someone writes', async () => {
    const first = await alice.get(path());
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    alice.headers['if-none-match'] = etag!;
    try {
      expect((await alice.get(path())).status).toBe(304);
      await send(bob, 'Running 5 minutes late');
      const changed = await alice.get(path());
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
    } finally {
      delete alice.headers['if-none-match'];
    }
  });

  it('turns read-only a week after the ride, and the purge deletes it 90 days after', async () => {
    const ride = (await createRide(organiser)).id;
    expect((await alice.post(`/api/rides/${ride}/join`, joinBody())).status).toBe(201);
    const message = await send(alice, 'Thanks all!', ride);
    await setRideDate(ride, '6 days 23 hours');
    expect((await alice.post(path(ride), { body: 'Still open' })).status).toBe(201);

    await setRideDate(ride, '7 days 1 hour');
    const closed = await alice.post(path(ride), { body: 'Too late' });
    expectRefusal(closed, 409, 'This chat is read-only: the ride was more than a week ago');
    expect(closed.body.code).toBe('ride_chat_read_only');
    expectRefusal(await alice.delete(`${path(ride)}/${message.id}`), 409);
    expectRefusal(await organiser.call('PUT', `${path(ride)}/${message.id}/pin`, { pinned: true }), 409);
    const read = await alice.get(path(ride));
    expect(read.status).toBe(200);
    expect(read.body.readOnly).toBe(true);
    expect(said(read.body.messages)).toHaveLength(2);

    await ownerQuery(suite.db, 'select private.purge_expired()');
    expect(said((await alice.get(path(ride))).body.messages)).toHaveLength(2);
    await setRideDate(ride, '91 days');
    await ownerQuery(suite.db, 'select private.purge_expired()');
    expect((await alice.get(path(ride))).body.messages).toHaveLength(0);
    // Other rides' conversations stay.
    expect((await alice.get(path())).body.messages.length).toBeGreaterThan(0);
  });

  it('counts messages per member and ride: 60 an hour, then 429 with Retry-After', async () => {
    const [limit] = await ownerQuery<{ max_count: number; window_seconds: number }>(
      suite.db,
      "select max_count, window_seconds from private.throttle_limits where name = 'chat:messages'",
    );
    expect(limit).toEqual({ max_count: 60, window_seconds: 3600 });
    await ownerQuery(suite.db, "update private.throttle_limits set max_count = 3 where name = 'chat:messages'");
    try {
      const ride = (await createRide(organiser)).id;
      expect((await bob.post(`/api/rides/${ride}/join`, joinBody())).status).toBe(201);
      for (let i = 0; i < 3; i += 1) await send(bob, `Message ${i}`, ride);
      const throttled = await bob.post(path(ride), { body: 'One more' });
      expectRefusal(throttled, 429, /^Too many messages\. Please try again in \d+ (minute|minutes)\.$/);
      expect(throttled.body.code).toBe('too_many_messages');
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(throttled.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      // Another member on that ride, and the same member on another ride, are not held back.
      await send(organiser, 'I can still write', ride);
      await send(bob, 'And here too');
      expect(said((await bob.get(path(ride))).body.messages)).toHaveLength(4);
    } finally {
      await ownerQuery(suite.db, "update private.throttle_limits set max_count = 60 where name = 'chat:messages'");
    }
  });

  it('lets a removed passenger’s old messages stay for the others', async () => {
    const before = (await organiser.get(path())).body.messages.length;
    await send(bob, 'Bye everyone');
    expect((await organiser.delete(`/api/rides/${rideId}/passengers/${bobEntry}`)).status).toBe(200);
    expectRefusal(await bob.get(path()), 403);
    expect(await rowsSeenBy(bob.user.id)).toBe(0);
    const read = await organiser.get(path());
    expect(said(read.body.messages).at(-1)).toMatchObject({ authorName: 'bob person', body: 'Bye everyone' });
    // Their message, then the line saying they are no longer on the ride.
    expect(read.body.messages.at(-1)).toMatchObject({
      authorId: null,
      system: { kind: 'removed', params: { name: 'bob person' } },
    });
    expect(read.body.messages.length).toBe(Math.min(before + 2, 200));
  });
});
