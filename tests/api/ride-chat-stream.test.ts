// The ride chat's live stream (issue 25, "Live while open"; ADR 0025): a member's open stream
// hears a new message at once; a passenger removed from the ride is told so and hears nothing
// more; a member not on the ride, and a visitor, are refused before anything is streamed; the
// database's notification names the ride and nothing else. On PGlite and PostgreSQL: LISTEN is
// a different thing on each host (PGlite in-process, postgres.js on a connection of its own;
// ADR 0021, code each host runs its own way).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { RIDE_CHAT_CHANNEL } from '../../supabase/functions/api/lib/chat-wakeups.ts';
import { createRide, type Member, registerMember, TestClient } from '../support/api-client.ts';
import { backends } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

interface Conversation {
  rideId: number;
  readOnly: boolean;
  pinned: { id: number } | null;
  messages: { id: number; body: string }[];
}

interface StreamEvent {
  event: string;
  data: any;
}

// One open stream as a browser's fetch reads it: events parsed as they arrive.
class OpenStream {
  readonly events: StreamEvent[] = [];
  ended = false;
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #waiters: (() => void)[] = [];

  constructor(response: Response) {
    this.#reader = response.body!.getReader();
    void this.#pump();
  }

  async #pump() {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await this.#reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) this.events.push({ event, data: JSON.parse(data) });
          this.#notify();
        }
      }
    } catch {
      // Cancelled by the test.
    }
    this.ended = true;
    this.#notify();
  }

  #notify() {
    for (const waiter of this.#waiters.splice(0)) waiter();
  }

  // The first event (from `from` on) that matches, or null once the stream ended or time ran out.
  async next(matches: (event: StreamEvent) => boolean, from = 0, timeoutMs = 3000): Promise<StreamEvent | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(matches);
      if (found) return found;
      if (this.ended || Date.now() >= deadline) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close() {
    await this.#reader.cancel().catch(() => {});
  }
}

// The first event is the whole conversation; each after it only what changed (issue 39 §4).
const hasMessage = (body: string) => (event: StreamEvent) =>
  (event.event === 'conversation' || event.event === 'delta') &&
  event.data.messages.some((message: { body: string }) => message.body === body);

describe.each(backends)('ride chat live stream on %s', (backend) => {
  const suite = useSuite(backend, { app: { liveChat: true } });
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let outsider: Member;
  let rideId: number;
  let bobEntry: number;
  const open: OpenStream[] = [];

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'orgl');
    alice = await registerMember(suite.app, 'alicel');
    bob = await registerMember(suite.app, 'bobl');
    outsider = await registerMember(suite.app, 'outl');
    rideId = (await createRide(organiser)).id;
    expect((await alice.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
    const joined = await bob.post(`/api/rides/${rideId}/join`, joinBody());
    expect(joined.status).toBe(201);
    bobEntry = joined.body.passengerId;
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((stream) => stream.close()));
  });

  const streamPath = () => `/api/rides/${rideId}/messages/stream`;

  async function openStream(member: TestClient): Promise<OpenStream> {
    const headers: Record<string, string> = {};
    if (member.cookie) headers.cookie = member.cookie;
    const response = await suite.app.request(streamPath(), { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = new OpenStream(response);
    open.push(stream);
    return stream;
  }

  it('sends the conversation at once, then a new message to every member within 2 s', async () => {
    const aliceStream = await openStream(alice);
    const organiserStream = await openStream(organiser);
    const first = await aliceStream.next((event) => event.event === 'conversation');
    expect(first?.data).toMatchObject({ rideId });
    // Nobody has written yet: only the app's lines for the joins.
    expect(first?.data.messages.filter((message: { authorId: number | null }) => message.authorId !== null)).toEqual(
      [],
    );
    await organiserStream.next((event) => event.event === 'conversation');

    const sentAt = Date.now();
    expect((await bob.post(`/api/rides/${rideId}/messages`, { body: 'Leaving in 5' })).status).toBe(201);
    const seen = await aliceStream.next(hasMessage('Leaving in 5'), 1, 2000);
    expect(seen, 'alice heard the message').not.toBeNull();
    const heardAfter = Date.now() - sentAt;
    expect(heardAfter).toBeLessThan(2000);
    // As alice reads it: bob's, not hers.
    expect(seen!.data.messages.at(-1)).toMatchObject({ body: 'Leaving in 5', authorId: bob.user.id, own: false });
    expect(await organiserStream.next(hasMessage('Leaving in 5'), 1, 2000)).not.toBeNull();
    console.log(`[${backend}] send-to-seen over the stream: ${heardAfter} ms`);
  });

  it('sends only what changed after the first event, and the deltas add up to the conversation', async () => {
    const stream = await openStream(alice);
    const first = await stream.next((event) => event.event === 'conversation');
    expect(first).not.toBeNull();
    let conversation = first!.data as Conversation;
    const shownBefore = conversation.messages.length;
    expect(shownBefore).toBeGreaterThan(1);

    const mine = await alice.post(`/api/rides/${rideId}/messages`, { body: 'Delta: mine' });
    expect(mine.status).toBe(201);
    const theirs = await organiser.post(`/api/rides/${rideId}/messages`, { body: 'Delta: the gate' });
    expect(theirs.status).toBe(201);
    expect(await stream.next(hasMessage('Delta: the gate'), 1)).not.toBeNull();
    expect((await alice.delete(`/api/rides/${rideId}/messages/${mine.body.id}`)).status).toBe(200);
    const gone = await stream.next(
      (event) => event.event === 'delta' && event.data.removed.includes(mine.body.id),
      1,
      10_000,
    );
    expect(gone, 'the deleted message’s id').not.toBeNull();
    expect(
      (await organiser.call('PUT', `/api/rides/${rideId}/messages/${theirs.body.id}/pin`, { pinned: true })).status,
    ).toBe(200);
    const pinned = await stream.next(
      (event) => event.event === 'delta' && event.data.pinned?.id === theirs.body.id,
      1,
      10_000,
    );
    expect(pinned, 'the pin').not.toBeNull();

    const deltas = stream.events.slice(1).filter((event) => event.event === 'delta');
    expect(stream.events.slice(1).filter((event) => event.event === 'conversation')).toEqual([]);
    // Each delta carries the few messages that changed, never the conversation again.
    for (const delta of deltas) expect(delta.data.messages.length).toBeLessThanOrEqual(2);
    for (const delta of deltas) {
      const removed = new Set<number>(delta.data.removed);
      const byId = new Map(conversation.messages.filter((m) => !removed.has(m.id)).map((m) => [m.id, m]));
      for (const message of delta.data.messages as Conversation['messages']) byId.set(message.id, message);
      conversation = {
        rideId: delta.data.rideId,
        readOnly: delta.data.readOnly,
        pinned: delta.data.pinned,
        messages: [...byId.values()].sort((a, b) => a.id - b.id),
      };
    }
    const asked = await alice.get(`/api/rides/${rideId}/messages`);
    expect(asked.status).toBe(200);
    expect(conversation).toEqual(asked.body);
    // Unpinned again, for the tests after this one.
    expect(
      (await organiser.call('PUT', `/api/rides/${rideId}/messages/${theirs.body.id}/pin`, { pinned: false })).status,
    ).toBe(200);
  });

  it('refuses a member not on the ride and a visitor before streaming anything', async () => {
    const refused = await outsider.get(streamPath());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'not_in_ride_chat' });
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    const visitor = await suite.anonymous.get(streamPath());
    expect(visitor.status).toBe(401);
    const missing = await alice.get(`/api/rides/999999/messages/stream`);
    expect(missing.status).toBe(404);
    const badId = await alice.get(`/api/rides/abc/messages/stream`);
    expect(badId.status).toBe(400);
  });

  it('ends a removed passenger’s stream, who then hears nothing, while the others go on', async () => {
    const bobStream = await openStream(bob);
    const aliceStream = await openStream(alice);
    await bobStream.next((event) => event.event === 'conversation');
    await aliceStream.next((event) => event.event === 'conversation');

    expect((await organiser.delete(`/api/rides/${rideId}/passengers/${bobEntry}`)).status).toBe(200);
    const end = await bobStream.next((event) => event.event === 'end', 0, 10_000);
    expect(end?.data).toMatchObject({ status: 403, code: 'not_in_ride_chat' });

    const before = bobStream.events.length;
    expect((await organiser.post(`/api/rides/${rideId}/messages`, { body: 'Bob is not coming' })).status).toBe(201);
    expect(await aliceStream.next(hasMessage('Bob is not coming'), 1, 10_000)).not.toBeNull();
    expect(bobStream.ended).toBe(true);
    expect(bobStream.events.slice(before)).toEqual([]);
    // And a new stream is refused.
    expect((await bob.get(streamPath())).status).toBe(403);
  });

  it('ends a stream when its session ends', async () => {
    const member = await registerMember(suite.app, 'leaver');
    expect((await member.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
    const stream = await openStream(member);
    await stream.next((event) => event.event === 'conversation');
    const cookie = member.cookie;
    expect((await member.post('/api/logout')).status).toBe(200);
    // The stream's request still carries the old cookie; its next read finds no session.
    member.cookie = cookie;
    expect((await organiser.post(`/api/rides/${rideId}/messages`, { body: 'Anyone still here?' })).status).toBe(201);
    const end = await stream.next((event) => event.event === 'end', 0, 10_000);
    expect(end?.data).toMatchObject({ status: 401 });
    expect(stream.events.some(hasMessage('Anyone still here?'))).toBe(false);
  });

  it('names the ride in the database’s notification and nothing of the message', async () => {
    const heard: string[] = [];
    const stop = await suite.db.database.listen!(RIDE_CHAT_CHANNEL, (payload) => heard.push(payload));
    try {
      expect((await alice.post(`/api/rides/${rideId}/messages`, { body: 'Secret gate code 4321' })).status).toBe(201);
      const deadline = Date.now() + 10_000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toContain(String(rideId));
      expect(heard.join(' ')).not.toContain('4321');
    } finally {
      await stop();
    }
  });
});
