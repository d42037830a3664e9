// Told when away (issue 25): a new message tells the members who are not looking at the
// conversation, by the inbox and Web Push, and not those whose open chat says it is being looked
// at (PUT /api/rides/{id}/messages/watching, app.watch_ride_chat). Looking lapses 45 s after the
// last word; saying it stopped, it stops at once; the coalescing (one notification per
// conversation until it is opened) is as before.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { expectRefusal } from '../support/accounts.ts';
import { createRide, type Member, registerMember } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

describe.each(backends)('a member looking at the ride chat is not told on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let looking: Member;
  let away: Member;
  let outsider: Member;
  let rideId: number;

  beforeAll(async () => {
    // The test-only host setting that lets a push service on this machine be saved.
    vi.stubEnv('PUSH_ALLOW_LOOPBACK', '1');
    organiser = await registerMember(suite.app, 'orgw');
    looking = await registerMember(suite.app, 'lookw');
    away = await registerMember(suite.app, 'awayw');
    outsider = await registerMember(suite.app, 'outw');
    rideId = (await createRide(organiser)).id;
    const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) };
    for (const member of [looking, away]) {
      expect((await member.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
      const saved = await member.post('/api/push/subscriptions', {
        endpoint: `https://127.0.0.1:9/watch-${member.user.id}`,
        keys,
        kinds: ['chat_message'],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    }
  });

  afterAll(() => {
    vi.unstubAllEnvs();
  });

  const watchPath = (ride = rideId) => `/api/rides/${ride}/messages/watching`;

  async function watch(member: Member, watching: boolean, ride = rideId) {
    const answer = await member.call('PUT', watchPath(ride), { watching });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ watching });
  }

  async function send(member: Member, body: string, ride = rideId) {
    const answer = await member.post(`/api/rides/${ride}/messages`, { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }

  // Every member reads the conversation to its end: nobody has an unread notification left, so
  // the next message would tell everyone but the sender.
  async function everyoneReads(ride = rideId) {
    for (const member of [organiser, looking, away]) {
      const messages = (await member.get(`/api/rides/${ride}/messages`)).body.messages as Array<{ id: number }>;
      const answer = await member.post(`/api/rides/${ride}/messages/read`, { lastId: messages.at(-1)?.id ?? 0 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
  }

  // Who one message from the sender would tell: the members its notification went to and those
  // whose push was queued. Sent as the api sends it, and read before the api drains the outbox;
  // rolled back, so each question leaves the conversation as it was.
  async function toldBy(sender: Member, ride = rideId): Promise<{ inbox: number[]; push: number[] }> {
    return suite.db.database
      .transaction(async (tx) => {
        await tx.query('select private.act_as($1::integer, false)', [sender.user.id]);
        await tx.query(`select app.send_ride_message($1::integer, 'Are you there?')`, [ride]);
        const inbox = await tx.query<{ user_id: number }>(
          `select user_id from public.notifications
            where ride_id = $1::integer and kind = 'chat_message' and read_at is null order by user_id`,
          [ride],
        );
        const push = await tx.query<{ user_id: number }>(
          `select n.user_id from private.push_outbox o join public.notifications n on n.id = o.notification_id
            where n.ride_id = $1::integer and n.kind = 'chat_message'
              -- This message's pushes only: an earlier message's may still wait for the api to
              -- drain them after its commit (seen on a loaded CI machine).
              and o.created_at = now()
            order by n.user_id`,
          [ride],
        );
        throw Object.assign(new Error('roll back'), {
          told: { inbox: inbox.map((row) => row.user_id), push: push.map((row) => row.user_id) },
        });
      })
      .catch((error: { told?: { inbox: number[]; push: number[] } }) => {
        if (!error.told) throw error;
        return error.told;
      });
  }

  const ids = (...members: Member[]) => members.map((member) => member.user.id).sort((a, b) => a - b);

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

  it('tells the member away by the inbox and push, and not the one looking', async () => {
    await everyoneReads();
    expect(await toldBy(organiser)).toEqual({ inbox: ids(looking, away), push: ids(looking, away) });

    await watch(looking, true);
    expect(await toldBy(organiser)).toEqual({ inbox: ids(away), push: ids(away) });

    // Committed as the api commits it: the member looking has the message on screen, unread
    // until their chat marks it, and nothing in the inbox.
    await send(organiser, 'Pickup moved to exit B');
    expect(await chatNotifications(looking)).toEqual([0, 0]);
    expect(await chatNotifications(away)).toEqual([1, 0]);
    expect((await looking.get(`/api/rides/${rideId}/chat`)).body.unread).toBe(1);
    // Looking is the member's own: the sender looking does not stop the others being told.
    await watch(organiser, true);
    await everyoneReads();
    expect(await toldBy(away)).toEqual({ inbox: [], push: [] });
    expect(await toldBy(looking)).toEqual({ inbox: ids(away), push: ids(away) });
    await watch(organiser, false);
  });

  it('tells the member again once they say they stopped looking, or their word lapses', async () => {
    await everyoneReads();
    await watch(looking, true);
    await watch(looking, false);
    expect(await toldBy(organiser)).toEqual({ inbox: ids(looking, away), push: ids(looking, away) });
    // Saying it stopped twice (a page hidden, then closed) is no error.
    await watch(looking, false);

    await watch(looking, true);
    expect((await toldBy(organiser)).inbox).toEqual(ids(away));
    // A phone that stopped saying so: its word lapsed (45 s after the last one).
    await ownerQuery(
      suite.db,
      `update private.ride_chat_reads set watching_until = now() - interval '1 second'
        where ride_id = $1::integer and user_id = $2::integer`,
      [rideId, looking.user.id],
    );
    expect(await toldBy(organiser)).toEqual({ inbox: ids(looking, away), push: ids(looking, away) });

    // The word lasts 45 s from the last one, no more.
    await watch(looking, true);
    const [window] = await ownerQuery<{ seconds: number }>(
      suite.db,
      `select extract(epoch from watching_until - now())::int as seconds
         from private.ride_chat_reads where ride_id = $1::integer and user_id = $2::integer`,
      [rideId, looking.user.id],
    );
    expect(window!.seconds).toBeGreaterThan(35);
    expect(window!.seconds).toBeLessThanOrEqual(45);
    await watch(looking, false);
  });

  it('is about one conversation: looking at one ride’s chat does not quiet another’s', async () => {
    const other = (await createRide(organiser)).id;
    expect((await looking.post(`/api/rides/${other}/join`, joinBody())).status).toBe(201);
    await watch(looking, true);
    expect((await toldBy(organiser, other)).inbox).toEqual(ids(looking));
    await watch(looking, false);
  });

  it('keeps the coalescing: one notification per conversation until it is opened', async () => {
    await everyoneReads();
    const [, awayRead] = await chatNotifications(away);
    const [, lookingRead] = await chatNotifications(looking);
    await send(organiser, 'First');
    await send(organiser, 'Second');
    expect(await chatNotifications(away)).toEqual([1, awayRead]);
    expect(await chatNotifications(looking)).toEqual([1, lookingRead]);
    // Looking, then away again: the unread notification still stands for every message.
    await watch(looking, true);
    await send(organiser, 'Third');
    await watch(looking, false);
    await send(organiser, 'Fourth');
    expect(await chatNotifications(looking)).toEqual([1, lookingRead]);
    expect(await chatNotifications(away)).toEqual([1, awayRead]);
  });

  it('refuses anyone outside the conversation, and input that is not a yes or no', async () => {
    const refused = await outsider.call('PUT', watchPath(), { watching: true });
    expectRefusal(refused, 403);
    expect(refused.body.code).toBe('not_in_ride_chat');
    expectRefusal(await suite.anonymous.call('PUT', watchPath(), { watching: true }), 401);
    for (const watching of ['yes', 1, null, undefined]) {
      const bad = await looking.call('PUT', watchPath(), { watching });
      expectRefusal(bad, 400);
      expect(bad.body.code).toBe('invalid_input');
    }
    expectRefusal(await looking.call('PUT', watchPath(2_147_483_647), { watching: true }), 404);
    const [row] = await ownerQuery<{ count: number }>(
      suite.db,
      'select count(*)::int as count from private.ride_chat_reads where user_id = $1::integer',
      [outsider.user.id],
    );
    expect(row!.count).toBe(0);
  });

  it('stops quieting a member who left the ride: they may no longer say they are looking', async () => {
    const ride = (await createRide(organiser)).id;
    const joined = await away.post(`/api/rides/${ride}/join`, joinBody());
    expect(joined.status).toBe(201);
    await watch(away, true, ride);
    expect((await away.delete(`/api/rides/${ride}/passengers/${joined.body.passengerId}`)).status).toBe(200);
    expectRefusal(await away.call('PUT', watchPath(ride), { watching: false }), 403);
  });
});
