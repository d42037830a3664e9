// The ride chat's live streams are bounded (issue 35 §4, "Live streams bounded"): one session
// could open 50 streams, and each message then cost 50 reads. Now a member may hold only so many
// streams (one more closes their oldest, told `too_many_streams`; issue 39 §4) and an address only
// so many (429 `too_many_streams` past that, with Retry-After), a change is read once per member
// however many streams they have on the ride, and a stream whose client does not read is closed
// and its place freed. On PGlite and PostgreSQL, like the stream's own suite.
//
// The reads are counted at the host boundary: the app is given the real database, wrapped so each
// statement it runs is seen on its way through.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  LIVE_CHAT_STREAMS_PER_ADDRESS,
  LIVE_CHAT_STREAMS_PER_MEMBER,
} from '../../supabase/functions/_shared/limits.ts';
import { RIDE_MESSAGE_MAX_LENGTH } from '../../supabase/functions/_shared/schemas/ride-chat.ts';
import { RIDE_CHAT_CHANNEL } from '../../supabase/functions/api/lib/chat-wakeups.ts';
import type { Database, Queryable } from '../../supabase/functions/api/lib/database.ts';
import { liftThrottles } from '../support/accounts.ts';
import {
  createRide,
  createTestApp,
  type Member,
  PASSWORD,
  registerMember,
  type TestApp,
  TestClient,
} from '../support/api-client.ts';
import { backends } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

interface StreamEvent {
  event: string;
  data: any;
}

// The real database, with every statement that reads a conversation counted.
function countingConversationReads(database: Database): { database: Database; reads: () => number } {
  let reads = 0;
  const counted = (tx: Queryable): Queryable => ({
    query: (text, params) => {
      if (text.includes('app.ride_messages_json')) reads++;
      return tx.query(text, params);
    },
    exec: (script) => tx.exec(script),
  });
  return {
    database: {
      transaction: (work) => database.transaction((tx) => work(counted(tx))),
      readStatement: database.readStatement?.bind(database),
      changeCount: database.changeCount?.bind(database),
      listen: database.listen?.bind(database),
      close: () => database.close(),
    },
    reads: () => reads,
  };
}

// One open stream read as the PWA reads it, from the moment `read()` is called: a client that
// never calls it is one that does not read.
class OpenStream {
  readonly events: StreamEvent[] = [];
  ended = false;
  failed = false;
  #body: ReadableStream<Uint8Array>;
  #reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  #waiters: (() => void)[] = [];

  constructor(response: Response) {
    this.#body = response.body!;
  }

  read(): this {
    if (!this.#reader) {
      this.#reader = this.#body.getReader();
      void this.#pump(this.#reader);
    }
    return this;
  }

  async #pump(reader: ReadableStreamDefaultReader<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
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
      this.failed = true;
    }
    this.ended = true;
    this.#notify();
  }

  #notify() {
    for (const waiter of this.#waiters.splice(0)) waiter();
  }

  async next(matches: (event: StreamEvent) => boolean, timeoutMs = 10_000): Promise<StreamEvent | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(matches);
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

  // Waits for the end (true) or the time (false).
  async end(timeoutMs: number): Promise<boolean> {
    await this.next(() => false, timeoutMs);
    return this.ended;
  }

  async close() {
    if (this.#reader) await this.#reader.cancel().catch(() => {});
    else await this.#body.cancel().catch(() => {});
  }
}

// The first event is the whole conversation; each after it only what changed (issue 39 §4).
const hasMessage = (body: string) => (event: StreamEvent) =>
  (event.event === 'conversation' || event.event === 'delta') &&
  event.data.messages.some((message: { body: string }) => message.body === body);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// How long a stream's output may wait for its client here: the host's minute, shortened.
const STALL_MS = 1500;
// How much may wait for a client here: the host's megabyte, shortened.
const BUFFER_MAX_BYTES = 32 * 1024;

describe.each(backends)('ride chat live streams bounded on %s', (backend) => {
  const suite = useSuite(backend);
  let app: TestApp;
  let stallApp: TestApp;
  let boundApp: TestApp;
  let reads: () => number;
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let rideId: number;
  const open: OpenStream[] = [];

  beforeAll(async () => {
    const counted = countingConversationReads(suite.db.database);
    reads = counted.reads;
    app = createTestApp(counted.database, { liveChat: true });
    // The stall limit shortened here only: elsewhere a stream that does not read is closed by the
    // bound on what waits for it, within the host's minute.
    stallApp = createTestApp(counted.database, { liveChat: true, streamStallMs: STALL_MS });
    // And the bound on what may wait: deltas are small, so the host's megabyte would take a
    // thousand messages to pass.
    boundApp = createTestApp(counted.database, { liveChat: true, streamBufferMaxBytes: BUFFER_MAX_BYTES });
    await liftThrottles(suite.db);
    organiser = await registerMember(app, 'orgb');
    alice = await registerMember(app, 'aliceb');
    bob = await registerMember(app, 'bobb');
    rideId = (await createRide(organiser)).id;
    expect((await alice.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
    expect((await bob.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((stream) => stream.close()));
    // Closed streams leave their places at once; give the last reads in flight time to finish.
    await pause(100);
  });

  function request(member: TestClient, ride: number, address?: string, on = app): Promise<Response> {
    const headers: Record<string, string> = {};
    if (member.cookie) headers.cookie = member.cookie;
    if (address) headers['x-test-client'] = address;
    return Promise.resolve(on.request(`/api/rides/${ride}/messages/stream`, { headers }));
  }

  async function openStream(member: TestClient, ride = rideId, address?: string, on = app): Promise<OpenStream> {
    const response = await request(member, ride, address, on);
    expect(response.status).toBe(200);
    const stream = new OpenStream(response);
    open.push(stream);
    return stream;
  }

  async function refusedStream(member: TestClient, ride = rideId, address?: string): Promise<Response> {
    const response = await request(member, ride, address);
    if (response.status === 200) open.push(new OpenStream(response));
    return response;
  }

  it(`lets a member hold ${LIVE_CHAT_STREAMS_PER_MEMBER} streams; one more ends the oldest, told too_many_streams`, async () => {
    const streams: OpenStream[] = [];
    for (let i = 0; i < LIVE_CHAT_STREAMS_PER_MEMBER; i++) streams.push((await openStream(alice)).read());
    for (const stream of streams) expect(await stream.next((event) => event.event === 'conversation')).not.toBeNull();

    // One more: served, and the oldest ends with the refusal's code, values and words.
    const newest = (await openStream(alice)).read();
    const end = await streams[0]!.next((event) => event.event === 'end');
    expect(end?.data).toMatchObject({ status: 429, code: 'too_many_streams', params: {} });
    expect(end?.data.message).toMatch(/\w/);
    expect(await streams[0]!.end(2000)).toBe(true);

    // The others stay open and still hear what is said; so does another member's.
    const bobs = (await openStream(bob)).read();
    expect((await bob.post(`/api/rides/${rideId}/messages`, { body: 'Five at most' })).status).toBe(201);
    for (const stream of [...streams.slice(1), newest, bobs]) {
      expect(await stream.next(hasMessage('Five at most'))).not.toBeNull();
      expect(stream.ended).toBe(false);
    }

    // What one session did before: many at once. Each is served, and the member is left with
    // their share open, every earlier stream ended.
    const burst = await Promise.all(Array.from({ length: 8 }, () => openStream(alice)));
    for (const stream of burst) stream.read();
    await pause(300);
    const everyone = [...streams, newest, ...burst];
    expect(everyone.filter((stream) => !stream.ended)).toHaveLength(LIVE_CHAT_STREAMS_PER_MEMBER);
    expect([...streams, newest].every((stream) => stream.ended)).toBe(true);
    expect(bobs.ended).toBe(false);
  });

  it(`lets one address hold ${LIVE_CHAT_STREAMS_PER_ADDRESS} streams, whoever opens them, and refuses more`, async () => {
    const address = `203.0.113.${backend === 'pglite' ? 7 : 8}`;
    const members: Member[] = [];
    const needed = Math.ceil(LIVE_CHAT_STREAMS_PER_ADDRESS / LIVE_CHAT_STREAMS_PER_MEMBER) + 1;
    for (let i = 0; i < needed; i++) {
      const member = await registerMember(app, 'nat');
      members.push(member);
    }
    const rides = await Promise.all(members.map(async (member) => (await createRide(member)).id));
    let opened = 0;
    for (let i = 0; opened < LIVE_CHAT_STREAMS_PER_ADDRESS; i++) {
      const at = Math.floor(i / LIVE_CHAT_STREAMS_PER_MEMBER);
      (await openStream(members[at]!, rides[at], address)).read();
      opened++;
    }
    const last = members.length - 1;
    const refused = await refusedStream(members[last]!, rides[last], address);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_streams' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // From another address the same member is served.
    (await openStream(members[last]!, rides[last], '198.51.100.9')).read();
  });

  it('reads a change once per member, however many streams the member has open on the ride', async () => {
    // Alice on three tabs of one browser and on a second device (another session); the organiser
    // on one.
    const secondDevice = new TestClient(app);
    const login = await secondDevice.post('/api/login', {
      discordUsername: alice.user.discordUsername,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const streams = [
      (await openStream(alice)).read(),
      (await openStream(alice)).read(),
      (await openStream(alice)).read(),
      (await openStream(secondDevice)).read(),
      (await openStream(organiser)).read(),
    ];
    for (const stream of streams) expect(await stream.next((event) => event.event === 'conversation')).not.toBeNull();

    // Each notification of this ride is counted, so a change announced twice may cost two reads.
    const heard: string[] = [];
    const stop = await suite.db.database.listen!(RIDE_CHAT_CHANNEL, (payload) => {
      if (payload === String(rideId)) heard.push(payload);
    });
    try {
      // Whatever the streams' opening set going has settled.
      await pause(300);
      const before = reads();
      expect((await bob.post(`/api/rides/${rideId}/messages`, { body: 'One read each' })).status).toBe(201);
      for (const stream of streams) expect(await stream.next(hasMessage('One read each')), 'heard').not.toBeNull();
      await pause(300);
      const notifications = heard.length;
      expect(notifications).toBeGreaterThan(0);
      const made = reads() - before;
      console.log(
        `[${backend}] reads for one message, 2 members on 5 streams: ${made} (${notifications} notifications)`,
      );
      // Two members: at least one read each, and never one per stream.
      expect(made).toBeGreaterThanOrEqual(2);
      expect(made).toBeLessThanOrEqual(2 * notifications);
      if (notifications === 1) expect(made).toBe(2);
    } finally {
      await stop();
    }
  });

  it('closes a stream whose client does not read once its unread output passes the bound, and frees its place', async () => {
    const reader = await registerMember(app, 'slow');
    expect((await reader.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
    // Never read: its output piles up, each change adding what changed.
    const stalled = await openStream(reader, rideId, undefined, boundApp);
    const watching = (await openStream(organiser, rideId, undefined, boundApp)).read();
    const long = (n: number) => `${n} `.padEnd(RIDE_MESSAGE_MAX_LENGTH, 'x');
    const sent = 60;
    for (let n = 0; n < sent; n++) {
      expect((await bob.post(`/api/rides/${rideId}/messages`, { body: long(n) })).status).toBe(201);
      // The reader's read of each change comes and goes before the next is sent.
      if (n % 5 === 4) expect(await watching.next(hasMessage(long(n)))).not.toBeNull();
    }
    expect(await watching.next(hasMessage(long(sent - 1)))).not.toBeNull();
    await pause(300);

    // It is gone: what it was never given is not kept for it.
    stalled.read();
    expect(await stalled.end(3000)).toBe(true);
    expect(stalled.events.some(hasMessage(long(sent - 1)))).toBe(false);
    // And its place is free: the member may open the full number again.
    const again: OpenStream[] = [];
    for (let i = 0; i < LIVE_CHAT_STREAMS_PER_MEMBER; i++) again.push((await openStream(reader)).read());
    await pause(100);
    expect(again.some((stream) => stream.ended)).toBe(false);
    // The stream that reads was never held back.
    expect(watching.ended).toBe(false);
  });

  it('closes a stream whose client takes nothing for longer than the stall limit, though little is waiting', async () => {
    const quiet = await registerMember(app, 'quiet');
    expect((await quiet.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
    const stalled = await openStream(quiet, rideId, undefined, stallApp);
    const reading = (await openStream(quiet, rideId, undefined, stallApp)).read();
    expect(await reading.next((event) => event.event === 'conversation')).not.toBeNull();
    await pause(STALL_MS + 1000);

    stalled.read();
    expect(await stalled.end(1000)).toBe(true);
    // What was waiting for it (the first conversation) was dropped with it.
    expect(stalled.events).toEqual([]);
    // The stream whose client reads stays open, and still hears what is said.
    expect(reading.ended).toBe(false);
    expect((await bob.post(`/api/rides/${rideId}/messages`, { body: 'Still here' })).status).toBe(201);
    expect(await reading.next(hasMessage('Still here'))).not.toBeNull();
  });
});
