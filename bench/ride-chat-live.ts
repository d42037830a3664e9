// The ride chat live (issue 25, "Numbers"; ADR 0025): 50 rides with 6 members each (the organiser
// and 5 passengers), every member with the chat open, that is one live stream each (300), on the
// real Node host. Messages are sent at a steady rate, round the rides, each by the next member of
// its ride; for each message and each of the 5 other members, the time from its POST to the
// member's stream bringing it (send-to-seen p50 and p99). The host process's CPU (user + system,
// from /proc) while the messages flow, per 1,000 messages; and, for the cost of an open chat with
// nothing said, the host's CPU with the 300 streams idle against 300 chats asking every 4 s with
// their ETag instead (the fallback where there is no stream).
// BENCH_CHAT_MESSAGES (default 1,000) and BENCH_CHAT_RATE (messages a second, default 20).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';

import type { Database } from '../supabase/functions/api/lib/database.ts';
import { startHost } from '../tests/support/host-process.ts';
import { type HttpClient, httpClient, inPool, quantile } from './http.ts';

export const CHAT_RIDES = 50;
export const CHAT_MEMBERS_PER_RIDE = 6;
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 1000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 20);
const POLL_MS = 4000;
// Long enough for every idle stream to read again once (every 50 s).
const IDLE_STREAMS_MS = 55_000;
const IDLE_POLLING_MS = 20_000;
// A message not seen by then counts as missed.
const SEEN_TIMEOUT_MS = 15_000;

export interface ChatLiveFigures {
  rides: number;
  streams: number;
  messages: number;
  ratePerSecond: number;
  // Over every (message, other member) pair.
  seen: { pairs: number; missed: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };
  post: { p50Ms: number; p99Ms: number };
  // The host process's CPU, in seconds per 1,000 messages, and its share of one core meanwhile.
  hostCpuSecondsPer1000: number;
  hostCpuPercentWhileSending: number;
  // 300 open chats for a minute with nothing said: streams, or asking every 4 s (ETag/304).
  idleHostCpuSecondsPerMinute: { streams: number; polling: number };
  pollingRequests: number;
}

// The host's CPU so far (user + system), in seconds.
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line (11 and 12 after the command).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface OpenStream {
  memberIndex: number;
  close(): void;
}

// One member's open chat: the stream read as the PWA reads it, each `conversation` or `delta` event's new
// bench messages stamped with the time they arrived.
function openStream(
  baseUrl: URL,
  agent: http.Agent,
  rideId: number,
  cookie: string,
  address: string,
  onMessages: (bodies: string[], at: number) => void,
): Promise<{ close(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: baseUrl.hostname,
        port: baseUrl.port,
        path: `/api/rides/${rideId}/messages/stream`,
        agent,
        headers: { cookie, accept: 'text/event-stream', 'x-forwarded-for': address },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream of ride ${rideId} answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        const known = new Set<string>();
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let boundary: number;
          while ((boundary = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            // The first event is the whole conversation, each after it what changed (issue 39 §4).
            if (!block.startsWith('event: conversation') && !block.startsWith('event: delta')) continue;
            const data = block.slice(block.indexOf('\ndata: ') + 7);
            const fresh: string[] = [];
            for (const message of (JSON.parse(data) as { messages: { body: string }[] }).messages) {
              if (!known.has(message.body)) {
                known.add(message.body);
                fresh.push(message.body);
              }
            }
            if (fresh.length > 0) onMessages(fresh, at);
          }
        });
        resolve({ close: () => request.destroy() });
      },
    );
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    request.end();
  });
}

interface Ride {
  id: number;
  // Index 0 is the organiser.
  cookies: string[];
}

// The 300 members and a session each, written straight into the database before the host
// starts: registering them through the api is bcrypt's work 300 times (minutes on a loaded
// machine), which is not what this measures. Their rides and joins go through the api.
async function seedMembers(database: Database): Promise<string[]> {
  const stamp = Date.now().toString(36).slice(-5);
  const count = CHAT_RIDES * CHAT_MEMBERS_PER_RIDE;
  const names = Array.from({ length: count }, (_, index) => `chat${stamp}m${index}`);
  const tokens = names.map(() => randomBytes(32).toString('base64url'));
  await database.transaction(async (tx) => {
    const ids = await tx.query<{ id: number }>(
      `insert into public.users (discord_username, name, whatsapp_number)
       select n, 'Chat ' || n, '+6591234567' from unnest($1::text[]) with ordinality as u(n, i) order by i
       returning id`,
      [names],
    );
    await tx.query(
      `insert into private.sessions (token_hash, user_id, expires_at)
       select h, id, now() + interval '1 day' from unnest($1::text[], $2::int[]) as s(h, id)`,
      [tokens.map((token) => createHash('sha256').update(token).digest('hex')), ids.map((row) => row.id)],
    );
  });
  return tokens.map((token) => `fc_session=${token}`);
}

async function buildRides(client: HttpClient, cookies: string[]): Promise<Ride[]> {
  return inPool(
    Array.from({ length: CHAT_RIDES }, (_, index) => index),
    4,
    async (index) => {
      const members = cookies.slice(index * CHAT_MEMBERS_PER_RIDE, (index + 1) * CHAT_MEMBERS_PER_RIDE);
      const { body: ride } = await client.json<{ id: number }>(
        'POST',
        '/api/rides',
        {
          direction: 'SG->FC',
          date: new Date(Date.now() + (2 + (index % 20)) * 86_400_000).toISOString(),
          maxPassengers: CHAT_MEMBERS_PER_RIDE,
          pickupLocation: 'Pasir Ris MRT',
          dropoffLocations: [{ location: 'Forest City', passengerCount: 1 }],
          organizerPassengerCount: 1,
        },
        members[0],
      );
      for (const cookie of members.slice(1)) {
        await client.json(
          'POST',
          `/api/rides/${ride.id}/join`,
          { passengerCount: 1, dropoffLocation: 'Forest City' },
          cookie,
        );
      }
      return { id: ride.id, cookies: members };
    },
  );
}

const ms = (value: number) => Math.round(value * 10) / 10;

// The host's CPU over `durationMs` while 300 chats ask every 4 s with their ETag, as the PWA does
// where there is no stream: each chat's first ask is spread over the first 4 s.
async function pollingCpu(
  client: HttpClient,
  rides: Ride[],
  pid: number,
  durationMs: number,
): Promise<{ cpu: number; requests: number }> {
  const chats = rides.flatMap((ride) => ride.cookies.map((cookie) => ({ rideId: ride.id, cookie, etag: '' })));
  const before = cpuSeconds(pid);
  const until = performance.now() + durationMs;
  let requests = 0;
  await Promise.all(
    chats.map(async (chat, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index / chats.length) * POLL_MS));
      while (performance.now() < until) {
        const answer = await client.request('GET', `/api/rides/${chat.rideId}/messages`, {
          headers: { cookie: chat.cookie, ...(chat.etag ? { 'if-none-match': chat.etag } : {}) },
        });
        requests += 1;
        if (answer.status === 200) chat.etag = String(answer.headers.etag ?? '');
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }),
  );
  return { cpu: cpuSeconds(pid) - before, requests };
}

// openDatabase: the host's database, migrated, opened as its owner before the host starts.
export async function measureChatLive(
  hostEnv: Record<string, string>,
  openDatabase: () => Promise<Database>,
  log: (line: string) => void,
): Promise<ChatLiveFigures> {
  const owner = await openDatabase();
  let cookies: string[];
  try {
    cookies = await seedMembers(owner);
  } finally {
    await owner.close();
  }
  // Behind a proxy as far as the host knows, so each stream's X-Forwarded-For is its address.
  const host = await startHost({ env: { ...hostEnv, THROTTLE_LIMITS_SCALE: '1000', TRUST_PROXY: '1' } });
  const baseUrl = new URL(host.url);
  const client = httpClient(host.url, 32);
  const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: OpenStream[] = [];
  try {
    const rides = await buildRides(client, cookies);
    log(`  chat: ${rides.length} rides with ${CHAT_MEMBERS_PER_RIDE} members each`);

    // Who saw which message when: sentAt[n], and per message the receivers still to see it.
    const sentAt = new Map<string, number>();
    const waiting = new Map<string, Set<number>>();
    const seenMs: number[] = [];
    for (const [rideIndex, ride] of rides.entries()) {
      for (const [memberIndex, cookie] of ride.cookies.entries()) {
        const streamIndex = rideIndex * CHAT_MEMBERS_PER_RIDE + memberIndex;
        // Each member from a phone of their own: one address holds at most 20 streams.
        const address = `10.0.${Math.floor(streamIndex / 250)}.${(streamIndex % 250) + 1}`;
        const opened = await openStream(baseUrl, streamAgent, ride.id, cookie, address, (bodies, at) => {
          for (const body of bodies) {
            const receivers = waiting.get(body);
            if (receivers?.delete(streamIndex)) seenMs.push(at - sentAt.get(body)!);
          }
        });
        streams.push({ memberIndex: streamIndex, close: opened.close });
      }
    }
    log(`  chat: ${streams.length} streams open`);
    await new Promise((resolve) => setTimeout(resolve, 2000));

    // Idle: the streams open, nothing said.
    let before = cpuSeconds(host.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_STREAMS_MS));
    const idleStreams = ((cpuSeconds(host.pid) - before) / IDLE_STREAMS_MS) * 60_000;
    log(`  chat: ${streams.length} idle streams: host CPU ${idleStreams.toFixed(2)} s a minute`);

    // The messages, open-loop at RATE a second.
    const postMs: number[] = [];
    before = cpuSeconds(host.pid);
    const sendStarted = performance.now();
    const sends: Promise<void>[] = [];
    for (let n = 0; n < MESSAGES; n += 1) {
      const due = sendStarted + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const rideIndex = n % CHAT_RIDES;
      const sender = Math.floor(n / CHAT_RIDES) % CHAT_MEMBERS_PER_RIDE;
      const ride = rides[rideIndex]!;
      const body = `bench ${n}`;
      waiting.set(
        body,
        new Set(
          Array.from(
            { length: CHAT_MEMBERS_PER_RIDE },
            (_, member) => rideIndex * CHAT_MEMBERS_PER_RIDE + member,
          ).filter((_, member) => member !== sender),
        ),
      );
      sentAt.set(body, performance.now());
      sends.push(
        client
          .request('POST', `/api/rides/${ride.id}/messages`, {
            headers: { cookie: ride.cookies[sender]! },
            body: { body },
          })
          .then((answer) => {
            if (answer.status !== 201) throw new Error(`send answered ${answer.status}: ${answer.body.toString()}`);
            postMs.push(performance.now() - sentAt.get(body)!);
          }),
      );
    }
    await Promise.all(sends);
    const deadline = performance.now() + SEEN_TIMEOUT_MS;
    const pending = () => [...waiting.values()].reduce((sum, receivers) => sum + receivers.size, 0);
    while (pending() > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const sendingMs = performance.now() - sendStarted;
    const sendCpu = cpuSeconds(host.pid) - before;
    const missed = pending();

    for (const stream of streams.splice(0)) stream.close();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const polling = await pollingCpu(client, rides, host.pid, IDLE_POLLING_MS);
    const idlePolling = (polling.cpu / IDLE_POLLING_MS) * 60_000;
    log(`  chat: the same chats asking every 4 s instead: host CPU ${idlePolling.toFixed(2)} s a minute`);

    seenMs.sort((a, b) => a - b);
    postMs.sort((a, b) => a - b);
    return {
      rides: CHAT_RIDES,
      streams: CHAT_RIDES * CHAT_MEMBERS_PER_RIDE,
      messages: MESSAGES,
      ratePerSecond: RATE,
      seen: {
        pairs: seenMs.length + missed,
        missed,
        p50Ms: ms(quantile(seenMs, 0.5)),
        p95Ms: ms(quantile(seenMs, 0.95)),
        p99Ms: ms(quantile(seenMs, 0.99)),
        maxMs: ms(seenMs.at(-1) ?? NaN),
      },
      post: { p50Ms: ms(quantile(postMs, 0.5)), p99Ms: ms(quantile(postMs, 0.99)) },
      hostCpuSecondsPer1000: Math.round((sendCpu / MESSAGES) * 1000 * 100) / 100,
      hostCpuPercentWhileSending: Math.round((sendCpu / (sendingMs / 1000)) * 100),
      idleHostCpuSecondsPerMinute: {
        streams: Math.round(idleStreams * 100) / 100,
        polling: Math.round(idlePolling * 100) / 100,
      },
      pollingRequests: polling.requests,
    };
  } finally {
    for (const stream of streams) stream.close();
    streamAgent.destroy();
    client.close();
    await host.stop('SIGTERM', 60_000);
  }
}
