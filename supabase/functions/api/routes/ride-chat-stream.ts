import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { z } from 'zod';

import { rideIdParams } from '../../_shared/schemas/fields.ts';
import type { RideConversation } from '../../_shared/schemas/ride-chat.ts';
import { type rideChatStreamEndSchema, rideChatStreamSchema } from '../../_shared/schemas/ride-chat-response.ts';
import { ChatStreamHub } from '../lib/chat-streams.ts';
import type { ChatWakeups } from '../lib/chat-wakeups.ts';
import { contractRoutes, mount, refused } from '../lib/contract.ts';
import type { ApiOptions, AppEnv } from '../lib/env.ts';
import { requireCaller } from '../lib/env.ts';
import { refusalLanguage, refusalMessageIn } from '../lib/refusal-language.ts';
import { inRequestTransaction } from '../lib/request-transaction.ts';
import { sha256Hex } from '../lib/session.ts';
import { readId } from '../lib/validate.ts';

// A comment line keeps proxies from closing a quiet stream (most cut at 60 s of silence); every
// RECHECK_EVERY-th interval the member's streams on the ride also read the conversation again, so
// a session ended or a driver unassigned ends them even when the ride's chat is quiet.
export const STREAM_KEEPALIVE_MS = 25_000;
const RECHECK_EVERY = 2;
// A stream ends after this long and the PWA opens another: its session and membership are
// checked afresh from the start, and no connection lives for ever behind a proxy.
export const STREAM_MAX_MS = 10 * 60_000;
// A client that does not take what is sent (issue 35 §4) is closed, and what was waiting for it
// dropped: once more than this is waiting (a whole conversation at its largest, 200 messages of
// 1,000 characters, is about 650 KB, so one always fits), or once output has waited this long
// without the client taking any. Each event carries the whole conversation, so a client that
// comes back has lost nothing: the PWA opens a new stream, or asks.
export const STREAM_BUFFER_MAX_BYTES = 1024 * 1024;
export const STREAM_STALL_MS = 60_000;

const encoder = new TextEncoder();

// The conversation as GET /messages answers it, read in a request transaction of its own as the
// stream's member: the same session lookup, caller and row-level security as any request.
async function readConversation(c: Context<AppEnv>, rideId: number): Promise<string> {
  return inRequestTransaction(c, async () => {
    requireCaller(c);
    const row = await c
      .get('db')
      .one<{ conversation: RideConversation }>('select app.ride_messages_json($1::integer) as conversation', [rideId]);
    return JSON.stringify(row!.conversation);
  });
}

function sse(event: string, data: string): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${data}\n\n`);
}

// GET /api/rides/{id}/messages/stream: Server-Sent Events for an open chat (issue 25, "Live while
// open"; docs/decisions/0025-the-ride-chat-live-by-server-sent-events.md). Authenticated like
// every request (the session cookie or `Authorization: Bearer`, never a token in the URL), and
// refused like GET /messages before anything is streamed. Then:
//   event: conversation  the whole conversation, as GET /messages answers it: at once, and after
//                        every change the database announces (pg_notify with the ride's id only),
//                        read again as this member; unchanged, nothing is sent;
//   event: end           the member may no longer read it ({ status, code, message }): left the
//                        ride, removed, signed out. The stream then closes.
// No transaction is held while the stream is open: each read is its own, and one read serves all
// of a member's streams on the ride. A member and a client address may hold only so many streams
// (429 too_many_streams past that; lib/chat-streams.ts).
const streamConversation = createRoute({
  method: 'get',
  path: '/rides/{id}/messages/stream',
  tags: ['Ride chat'],
  summary: "A ride's conversation, live while the chat is open (Server-Sent Events; the Node host only)",
  request: { params: rideIdParams },
  responses: {
    200: {
      description:
        'Events: `conversation`, the whole conversation as GET /rides/{id}/messages answers it, at once and ' +
        'after every change; `end`, {status, code, message}, when the member may no longer read it, and the ' +
        'stream closes. A comment line every 25 s keeps it open; it ends after 10 minutes.',
      content: { 'text/event-stream': { schema: rideChatStreamSchema } },
    },
    // Refused as GET /messages is, before anything is streamed; and past a member's or an
    // address's share of streams (lib/chat-streams.ts).
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['not_in_ride_chat'],
      // not_found: a host without live streams (the Supabase function) has no such route.
      404: ['ride_not_found', 'not_found'],
      410: ['ride_removed'],
      429: ['too_many_streams'],
    }),
  },
});

export function rideChatStreamRoutes(wakeups: ChatWakeups, options: ApiOptions) {
  const routes = contractRoutes();
  const hub = new ChatStreamHub(wakeups, {
    database: options.database,
    adminUsername: options.adminUsername,
    logError: options.logError,
    recheckMs: STREAM_KEEPALIVE_MS * RECHECK_EVERY,
  });

  const stallMs = options.streamStallMs ?? STREAM_STALL_MS;

  mount(routes, streamConversation, async (c) => {
    const rideId = readId(c, 'id', 'ride');
    const address = options.clientAddress(c);
    // An address already at its share costs no read.
    hub.refuseOverCap(null, address);
    // Refusals (401, 403, 404) answer as JSON, like every other route.
    let last = await readConversation(c, rideId);
    const caller = requireCaller(c);
    hub.refuseOverCap(caller.userId, address);
    const tokenHash = await sha256Hex(c.get('sessionToken')!);

    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    let leave: () => void = () => {};
    const timers: ReturnType<typeof setTimeout>[] = [];
    let stalled: ReturnType<typeof setTimeout> | undefined;

    const close = (drop = false) => {
      if (closed) return;
      closed = true;
      leave();
      for (const timer of timers) clearTimeout(timer);
      clearTimeout(stalled);
      try {
        // Erroring drops what the client never took; closing lets it read what is left (an end).
        if (drop) controller.error(new Error('the client did not read the stream'));
        else controller.close();
      } catch {
        // Already closed by the client going away.
      }
    };
    const send = (chunk: Uint8Array) => {
      if (closed) return;
      try {
        controller.enqueue(chunk);
      } catch {
        close();
        return;
      }
      // With a high-water mark of 0, what the client has not taken is -desiredSize bytes.
      const waiting = -(controller.desiredSize ?? 0);
      if (waiting > STREAM_BUFFER_MAX_BYTES) close(true);
      else if (waiting > 0 && stalled === undefined) stalled = setTimeout(() => close(true), stallMs);
    };

    const body = new ReadableStream<Uint8Array>(
      {
        start(streamController) {
          controller = streamController;
        },
        // Called when the client has taken everything and waits for more.
        pull() {
          clearTimeout(stalled);
          stalled = undefined;
        },
        cancel() {
          close();
        },
      },
      { highWaterMark: 0, size: (chunk) => chunk.byteLength },
    );
    c.req.raw.signal?.addEventListener('abort', () => close());

    send(sse('conversation', last));
    const joined = hub.open(rideId, caller.userId, address, {
      tokenHash,
      conversation(json) {
        if (json === last || closed) return;
        last = json;
        send(sse('conversation', json));
      },
      end(refused) {
        const end: z.infer<typeof rideChatStreamEndSchema> = {
          status: refused.status,
          code: refused.code,
          params: refused.params,
          message: refusalMessageIn(refusalLanguage(c), refused.code, refused.params, refused.message),
        };
        send(sse('end', JSON.stringify(end)));
        close();
      },
      fail() {
        close();
      },
    });
    leave = joined.leave;
    if (closed) leave();
    try {
      await joined.ready;
    } catch (error) {
      close();
      throw error;
    }

    const keepAlive = () => {
      timers[0] = setTimeout(() => {
        send(encoder.encode(': keep-alive\n\n'));
        keepAlive();
      }, STREAM_KEEPALIVE_MS);
    };
    keepAlive();
    timers[1] = setTimeout(() => close(), STREAM_MAX_MS);

    return new Response(body, {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'private, no-cache, no-transform',
        // nginx and similar proxies buffer answers unless told not to.
        'X-Accel-Buffering': 'no',
      },
    });
  });

  return routes;
}
