import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { z } from 'zod';

import { rideIdParams } from '../../_shared/schemas/fields.ts';
import type { RideConversation } from '../../_shared/schemas/ride-chat.ts';
import { type rideChatStreamEndSchema, rideChatStreamSchema } from '../../_shared/schemas/ride-chat-response.ts';
import { ConversationSnapshot } from '../lib/chat-delta.ts';
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
// 1,000 characters, is about 650 KB, so the first event always fits), or once output has waited
// this long without the client taking any. A client that comes back has lost nothing: the PWA
// opens a new stream, whose first event is the whole conversation, or asks.
export const STREAM_BUFFER_MAX_BYTES = 1024 * 1024;
export const STREAM_STALL_MS = 60_000;

// The conversation as GET /messages answers it, read in a request transaction of its own as the
// stream's member: the same session lookup, caller and row-level security as any request.
async function readConversation(c: Context<AppEnv>, rideId: number): Promise<RideConversation> {
  return inRequestTransaction(c, async () => {
    requireCaller(c);
    const row = await c
      .get('db')
      .one<{ conversation: RideConversation }>('select app.ride_messages_json($1::integer) as conversation', [rideId]);
    return row!.conversation;
  });
}

// The bytes an event takes as streamSSE frames it (`event: <name>\ndata: <data>\n\n`; the data
// is JSON, one line), counted without encoding it: what waits for a client is measured in bytes.
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code < 0xdc00) {
      // A surrogate pair: 2 UTF-16 units, 4 bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}
const KEEP_ALIVE = ': keep-alive\n\n';

// GET /api/rides/{id}/messages/stream: Server-Sent Events for an open chat (issue 25, "Live while
// open"; docs/decisions/0025-the-ride-chat-live-by-server-sent-events.md). Authenticated like
// every request (the session cookie or `Authorization: Bearer`, never a token in the URL), and
// refused like GET /messages before anything is streamed. Then:
//   event: conversation  the whole conversation, as GET /messages answers it, at once;
//   event: delta         after every change the database announces (pg_notify with the ride's id
//                        only), read again as this member: only what changed since the last event
//                        (the messages new or changed, the ids gone; issue 39 §4, lib/chat-delta.ts);
//                        unchanged, nothing is sent;
//   event: end           the member may no longer read it ({ status, code, params, message }): left
//                        the ride, removed, signed out, or this is the member's oldest stream and
//                        they opened one more than their share (429 too_many_streams). It closes.
// No transaction is held while the stream is open: each read is its own, and one read serves all
// of a member's streams on the ride. A client address may hold only so many streams (429
// too_many_streams past that; lib/chat-streams.ts). Framed by Hono's streamSSE.
const streamConversation = createRoute({
  method: 'get',
  path: '/rides/{id}/messages/stream',
  tags: ['Ride chat'],
  summary: "A ride's conversation, live while the chat is open (Server-Sent Events; the Node host only)",
  request: { params: rideIdParams },
  responses: {
    200: {
      description:
        'Events: `conversation`, the whole conversation as GET /rides/{id}/messages answers it, at once; ' +
        '`delta`, after every change, what changed since the last event ({rideId, readOnly, pinned, messages: ' +
        'new or changed, removed: ids}); `end`, {status, code, params, message}, when the member may no longer ' +
        'read it or opened more streams than their share (the oldest ends), and the stream closes. A comment ' +
        'line every 25 s keeps it open; it ends after 10 minutes.',
      content: { 'text/event-stream': { schema: rideChatStreamSchema } },
    },
    // Refused as GET /messages is, before anything is streamed; and past an address's share of
    // streams (lib/chat-streams.ts).
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
  const bufferMaxBytes = options.streamBufferMaxBytes ?? STREAM_BUFFER_MAX_BYTES;

  mount(routes, streamConversation, async (c) => {
    const rideId = readId(c, 'id', 'ride');
    const address = options.clientAddress(c);
    // An address already at its share costs no read.
    hub.refuseOverCap(address);
    // Refusals (401, 403, 404) answer as JSON, like every other route.
    const first = await readConversation(c, rideId);
    let sent = new ConversationSnapshot(first);
    const caller = requireCaller(c);
    hub.refuseOverCap(address);
    const tokenHash = await sha256Hex(c.get('sessionToken')!);

    let closed = false;
    let leave: () => void = () => {};
    const timers: ReturnType<typeof setTimeout>[] = [];
    let stalled: ReturnType<typeof setTimeout> | undefined;
    // What was written and what the client has taken, in bytes: the difference waits for it.
    let written = 0;
    let taken = 0;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let drop: () => void = () => {};
    // streamSSE's writes are awaited one after the other, so an `end` is out before it closes.
    let writes = Promise.resolve();
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    // Set at once: streamSSE calls this before it returns.
    let sseApi: SSEStreamingApi | undefined;

    const framed = streamSSE(c, async (stream) => {
      sseApi = stream;
      drop = () => stream.abort();
      await finished;
      await writes;
    });

    const close = (dropWaiting = false) => {
      if (closed) return;
      closed = true;
      leave();
      for (const timer of timers) clearTimeout(timer);
      clearTimeout(stalled);
      if (dropWaiting) {
        // What the client never took goes with the stream; its next read fails.
        drop();
        try {
          controller?.error(new Error('the client did not read the stream'));
        } catch {
          // Already closed by the client going away.
        }
      }
      // Otherwise streamSSE closes after the last write, and the client reads what is left.
      finish();
    };
    const waitingGrew = (bytes: number) => {
      written += bytes;
      const waiting = written - taken;
      if (waiting > bufferMaxBytes) close(true);
      else if (waiting > 0 && stalled === undefined) stalled = setTimeout(() => close(true), stallMs);
    };
    const sendEvent = (event: string, data: string) => {
      if (closed) return;
      writes = writes.then(() => sseApi?.writeSSE({ event, data }));
      waitingGrew(event.length + utf8Length(data) + 15);
    };
    const sendComment = (text: string) => {
      if (closed) return;
      writes = writes.then(async () => void (await sseApi?.write(text)));
      waitingGrew(text.length);
    };

    // streamSSE's body, passed on as the client reads it: what it takes is counted here, so what
    // waits for it is known (issue 35 §4; streamSSE itself buffers without a bound).
    const inner = framed.body!.getReader();
    const body = new ReadableStream<Uint8Array>(
      {
        start(streamController) {
          controller = streamController;
        },
        // Called when the client asks for more, with nothing waiting here (a high-water mark of 0).
        async pull(streamController) {
          clearTimeout(stalled);
          stalled = undefined;
          try {
            const { value, done } = await inner.read();
            if (done) {
              streamController.close();
              return;
            }
            taken += value.byteLength;
            streamController.enqueue(value);
          } catch {
            close();
          }
        },
        cancel() {
          close();
          void inner.cancel().catch(() => {});
        },
      },
      { highWaterMark: 0 },
    );
    c.req.raw.signal?.addEventListener('abort', () => close());

    sendEvent('conversation', JSON.stringify(first));
    const joined = hub.open(rideId, caller.userId, address, {
      tokenHash,
      conversation(next, deltaFrom) {
        if (closed || next === sent) return;
        const delta = deltaFrom(sent);
        sent = next;
        if (delta !== null) sendEvent('delta', delta);
      },
      end(refused) {
        const end: z.infer<typeof rideChatStreamEndSchema> = {
          status: refused.status,
          code: refused.code,
          params: refused.params,
          message: refusalMessageIn(refusalLanguage(c), refused.code, refused.params, refused.message),
        };
        sendEvent('end', JSON.stringify(end));
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
        sendComment(KEEP_ALIVE);
        keepAlive();
      }, STREAM_KEEPALIVE_MS);
    };
    keepAlive();
    timers[1] = setTimeout(() => close(), STREAM_MAX_MS);

    const headers = new Headers(framed.headers);
    headers.set('Content-Type', 'text/event-stream; charset=utf-8');
    headers.set('Cache-Control', 'private, no-cache, no-transform');
    // nginx and similar proxies buffer answers unless told not to.
    headers.set('X-Accel-Buffering', 'no');
    return new Response(body, { status: 200, headers });
  });

  return routes;
}
