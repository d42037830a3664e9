// The ride chat around the conversation (issue 25): unread counts per member and ride (the Chat
// tab's, My Rides' and the bell's), the coalesced 'chat_message' notification (one per
// conversation until the member opens it, never to the sender, only to members) and its push,
// the pinned announcement in the ride page's summary, and the system lines the ride's events
// write into the conversation.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { expectRefusal } from '../support/accounts.ts';
import { createRide, type Member, registerMember, rideBody } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { registerApprovedVendor } from '../support/vendors.ts';
import { joinBody } from './ride-test-kit.ts';

describe.each(oneBackend)('ride chat unread counts and notifications on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let outsider: Member;
  let rideId: number;

  beforeAll(async () => {
    // The test-only host setting that lets a push service on this machine be saved.
    vi.stubEnv('PUSH_ALLOW_LOOPBACK', '1');
    organiser = await registerMember(suite.app, 'orgu');
    alice = await registerMember(suite.app, 'aliceu');
    bob = await registerMember(suite.app, 'bobu');
    outsider = await registerMember(suite.app, 'outu');
    rideId = (await createRide(organiser)).id;
    expect((await alice.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
    expect((await bob.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
  });

  afterAll(() => {
    vi.unstubAllEnvs();
  });

  const path = (ride = rideId) => `/api/rides/${ride}/messages`;

  async function send(member: Member, body: string, ride = rideId) {
    const answer = await member.post(path(ride), { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: number };
  }

  async function lastId(member: Member, ride = rideId): Promise<number> {
    const messages = (await member.get(path(ride))).body.messages as Array<{ id: number }>;
    return messages.at(-1)?.id ?? 0;
  }

  async function markRead(member: Member, ride = rideId) {
    const answer = await member.post(`${path(ride)}/read`, { lastId: await lastId(member, ride) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { unread: number };
  }

  const summary = async (member: Member, ride = rideId) => (await member.get(`/api/rides/${ride}/chat`)).body;
  const bell = async (member: Member) => (await member.get('/api/notifications?limit=1')).body.unread as number;

  // The member's 'chat_message' rows about the ride: [unread, read].
  async function chatNotifications(member: Member, ride = rideId): Promise<[number, number]> {
    const [row] = await ownerQuery<{ unread: number; read: number }>(
      suite.db,
      `select count(*) filter (where read_at is null)::int as unread, count(*) filter (where read_at is not null)::int as read
         from public.notifications where user_id = $1::integer and ride_id = $2::integer and kind = 'chat_message'`,
      [member.user.id, ride],
    );
    return [row!.unread, row!.read];
  }

  it('counts other members’ messages after the member’s marker, never their own nor the app’s lines', async () => {
    // Two joins wrote system lines: nobody has anything unread yet.
    for (const member of [organiser, alice, bob]) expect((await summary(member)).unread).toBe(0);
    await send(alice, 'Hi all');
    await send(alice, 'I have a big suitcase');
    await send(bob, 'Me too');
    expect((await summary(organiser)).unread).toBe(3);
    expect((await summary(alice)).unread).toBe(1);
    expect((await summary(bob)).unread).toBe(2);

    const mine = await organiser.get('/api/chat/unread');
    expect(mine.status).toBe(200);
    expect(mine.body.rides).toContainEqual({ rideId, unread: 3 });
    expect(mine.body.total).toBeGreaterThanOrEqual(3);

    expect(await markRead(organiser)).toEqual({ unread: 0 });
    expect((await summary(organiser)).unread).toBe(0);
    expect((await organiser.get('/api/chat/unread')).body.rides).not.toContainEqual(
      expect.objectContaining({ rideId }),
    );
    // A marker never goes back, nor past the last message.
    expect((await organiser.post(`${path()}/read`, { lastId: 0 })).status).toBe(200);
    expect((await summary(organiser)).unread).toBe(0);
    await organiser.post(`${path()}/read`, { lastId: 9_000_000_000 });
    await send(bob, 'Still there?');
    expect((await summary(organiser)).unread).toBe(1);
    await markRead(organiser);
  });

  it('puts the unread messages in the bell, in place of the chat’s own notification', async () => {
    const carol = await registerMember(suite.app, 'carolu');
    const ride = (await createRide(organiser)).id;
    expect((await carol.post(`/api/rides/${ride}/join`, joinBody())).status).toBe(201);
    await ownerQuery(suite.db, 'update public.notifications set read_at = now() where user_id = $1::integer', [
      carol.user.id,
    ]);
    expect(await bell(carol)).toBe(0);
    await send(organiser, 'Pickup 7:30', ride);
    await send(organiser, 'Lobby B', ride);
    // Two messages, one (unread) notification: the bell says 2.
    expect(await chatNotifications(carol, ride)).toEqual([1, 0]);
    expect(await bell(carol)).toBe(2);
    await markRead(carol, ride);
    expect(await bell(carol)).toBe(0);
    expect(await chatNotifications(carol, ride)).toEqual([0, 1]);
  });

  it('notifies once per conversation until the member opens it, never the sender, only members', async () => {
    const ride = (await createRide(organiser)).id;
    const aliceJoin = await alice.post(`/api/rides/${ride}/join`, joinBody());
    expect(aliceJoin.status).toBe(201);
    await send(organiser, 'First', ride);
    await send(organiser, 'Second', ride);
    await send(organiser, 'Third', ride);
    expect(await chatNotifications(alice, ride)).toEqual([1, 0]);
    expect(await chatNotifications(organiser, ride)).toEqual([0, 0]);
    expect(await chatNotifications(outsider, ride)).toEqual([0, 0]);

    const inbox = await alice.get('/api/notifications?limit=5');
    const item = inbox.body.items.find((entry: any) => entry.kind === 'chat_message' && entry.rideId === ride);
    expect(item.params).toMatchObject({ name: 'orgu person', rideId: ride });
    // The words of the message stay out of the inbox.
    expect(JSON.stringify(item.params)).not.toMatch(/First|Second|Third/);

    await markRead(alice, ride);
    await send(organiser, 'Fourth', ride);
    expect(await chatNotifications(alice, ride)).toEqual([1, 1]);
    // The organiser hears from alice, once.
    await send(alice, 'Got it', ride);
    await send(alice, 'Thanks', ride);
    expect(await chatNotifications(organiser, ride)).toEqual([1, 0]);
    // A member who left hears nothing more.
    expect((await alice.delete(`/api/rides/${ride}/passengers/${aliceJoin.body.passengerId}`)).status).toBe(200);
    await markRead(organiser, ride);
    await send(organiser, 'Fifth', ride);
    expect(await chatNotifications(alice, ride)).toEqual([1, 1]);
  });

  it('queues a Web Push for the devices that opted into chat messages', async () => {
    const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) };
    const ride = (await createRide(organiser)).id;
    const dan = await registerMember(suite.app, 'danu');
    const eve = await registerMember(suite.app, 'eveu');
    for (const [who, kinds] of [
      [dan, ['chat_message']],
      [eve, ['ride_changed']],
    ] as const) {
      expect((await who.post(`/api/rides/${ride}/join`, joinBody())).status).toBe(201);
      const answer = await who.post('/api/push/subscriptions', {
        endpoint: `https://127.0.0.1:9/chat-${who.user.id}`,
        keys,
        kinds,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    // Sent as the api sends it, and the outbox read before the api drains it.
    const queued = await suite.db.database
      .transaction(async (tx) => {
        await tx.query('select private.act_as($1::integer, false)', [organiser.user.id]);
        await tx.query(`select app.send_ride_message($1::integer, 'Leaving in 10')`, [ride]);
        await tx.query(`select app.send_ride_message($1::integer, 'Leaving in 5')`, [ride]);
        const rows = await tx.query<{ user_id: number }>(
          `select n.user_id from private.push_outbox o join public.notifications n on n.id = o.notification_id
            where n.ride_id = $1::integer and n.kind = 'chat_message' order by n.user_id`,
          [ride],
        );
        throw Object.assign(new Error('roll back'), { queued: rows.map((r) => r.user_id) });
      })
      .catch((error: { queued?: number[] }) => error.queued);
    expect(queued).toEqual([dan.user.id]);
  });

  it('shows the pinned announcement in the summary for everyone aboard, and refuses others', async () => {
    expect((await summary(alice)).pinned).toBeNull();
    const note = await send(organiser, 'Pickup 7:30 at Pasir Ris MRT exit A');
    expect((await organiser.call('PUT', `${path()}/${note.id}/pin`, { pinned: true })).status).toBe(200);
    for (const member of [alice, bob, organiser]) {
      expect(await summary(member)).toMatchObject({
        rideId,
        readOnly: false,
        pinned: { id: note.id, body: 'Pickup 7:30 at Pasir Ris MRT exit A', pinned: true },
      });
    }
    const refused = await outsider.get(`/api/rides/${rideId}/chat`);
    expectRefusal(refused, 403);
    expect(refused.body.code).toBe('not_in_ride_chat');
    expectRefusal(await outsider.post(`${path()}/read`, { lastId: 1 }), 403);
    expectRefusal(await suite.anonymous.get('/api/chat/unread'), 401);
    expect((await outsider.get('/api/chat/unread')).body).toEqual({ total: 0, rides: [] });
    for (const lastId of [-1, 1.5, '7', null]) {
      const bad = await alice.post(`${path()}/read`, { lastId });
      expectRefusal(bad, 400);
      expect(bad.body.code).toBe('invalid_input');
    }
  });

  it('writes joins, leaves, removals, a new date, a driver and the locked order as system lines', async () => {
    const vendor = await registerApprovedVendor(suite);
    const ride = (await createRide(organiser, { direction: 'FC->SG' })).id;
    expect((await alice.post(`/api/rides/${ride}/join`, joinBody())).status).toBe(201);
    const bobJoin = await bob.post(`/api/rides/${ride}/join`, joinBody());
    expect(bobJoin.status).toBe(201);
    const newDate = rideBody().date;
    expect((await organiser.patch(`/api/rides/${ride}`, rideBody({ direction: 'FC->SG', date: newDate }))).status).toBe(
      200,
    );
    expect((await vendor.post(`/api/rides/${ride}/assign`)).status).toBe(200);
    expect((await organiser.post(`/api/rides/${ride}/lockSequence`)).status).toBe(200);
    expect((await organiser.delete(`/api/rides/${ride}/passengers/${bobJoin.body.passengerId}`)).status).toBe(200);
    const carol = await registerMember(suite.app, 'carolline');
    const carolJoin = await carol.post(`/api/rides/${ride}/join`, joinBody());
    expect(carolJoin.status).toBe(201);
    expect((await carol.delete(`/api/rides/${ride}/passengers/${carolJoin.body.passengerId}`)).status).toBe(200);

    const messages = (await organiser.get(path(ride))).body.messages as any[];
    const lines = messages.filter((message) => message.authorId === null);
    expect(lines.map((line) => line.system.kind)).toEqual([
      'joined',
      'joined',
      'date_changed',
      'driver_booked',
      'stops_locked',
      'removed',
      'joined',
      'left',
    ]);
    expect(lines[0]).toMatchObject({
      authorName: null,
      own: false,
      body: 'aliceu person joined the ride',
      system: { params: { name: 'aliceu person', passengerCount: 1 } },
    });
    expect(Date.parse(lines[2].system.params.date)).toBe(Date.parse(newDate));
    expect(lines[3].system.params.name).toEqual(expect.any(String));
    expect(lines[5].system.params).toEqual({ name: 'bobu person' });
    // Lines are news for nobody: nothing unread, nothing notified.
    expect((await summary(organiser, ride)).unread).toBe(0);
    expect(await chatNotifications(organiser, ride)).toEqual([0, 0]);
  });
});
