import { type Context, Hono } from 'hono';

import type { RideConversation } from '../../_shared/schemas/ride-chat.ts';
import type { ChatWakeups } from '../lib/chat-wakeups.ts';
import type { AppEnv } from '../lib/env.ts';
import { requireCaller } from '../lib/env.ts';
import { fromDatabaseError, HttpError } from '../lib/http-error.ts';
import { routePatternOf } from '../lib/request-log.ts';
import { inRequestTransaction } from '../lib/request-transaction.ts';
import { readId } from '../lib/validate.ts';

// A comment line keeps proxies from closing a quiet stream (most cut at 60 s of silence); every
// RECHECK_EVERY-th one also reads the conversation again, so a session ended or a driver
// unassigned ends the stream even when the ride's chat is quiet.
export const STREAM_KEEPALIVE_MS = 25_000;
const RECHECK_EVERY = 2;
// A stream ends after this long and the PWA opens another: its session and membership are
// checked afresh from the start, and no connection lives for ever behind a proxy.
export const STREAM_MAX_MS = 10 * 60_000;

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
// No transaction is held while the stream is open: each read is its own.
export function rideChatStreamRoutes(wakeups: ChatWakeups) {
  const routes = new Hono<AppEnv>();

  routes.get('/rides/:id/messages/stream', async (c) => {
    const rideId = readId(c, 'id', 'ride');
    // Refusals (401, 403, 404) answer as JSON, like every other route.
    let last = await readConversation(c, rideId);
    const logError = c.get('options').logError;

    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    let unsubscribe: () => void = () => {};
    const timers: ReturnType<typeof setTimeout>[] = [];
    let ticks = 0;
    let reading = false;
    let readAgain = false;

    const close = () => {
      if (closed) return;
      closed = true;
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
      try {
        controller.close();
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
      }
    };

    // Wakes that arrive while a read is under way are folded into one more read after it.
    const refresh = async () => {
      if (closed) return;
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      try {
        do {
          readAgain = false;
          let conversation: string;
          try {
            conversation = await readConversation(c, rideId);
          } catch (error) {
            const refused = error instanceof HttpError ? error : fromDatabaseError(error);
            if (refused) {
              send(
                sse('end', JSON.stringify({ status: refused.status, code: refused.code, message: refused.message })),
              );
            } else {
              // The database unreachable: the PWA falls back to asking, and opens a stream again.
              logError?.(
                `GET ${routePatternOf(c) ?? '(no route)'} stream read failed (request ${c.get('requestId')})`,
                error,
              );
            }
            close();
            return;
          }
          if (conversation !== last && !closed) {
            last = conversation;
            send(sse('conversation', conversation));
          }
        } while (readAgain && !closed);
      } finally {
        reading = false;
      }
    };

    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
      },
      cancel() {
        close();
      },
    });
    c.req.raw.signal?.addEventListener('abort', close);

    send(sse('conversation', last));
    // Subscribed after the first read: a change committed in between wakes a read at once.
    unsubscribe = await wakeups.subscribe(rideId, () => void refresh());
    if (closed) unsubscribe();
    void refresh();

    const keepAlive = () => {
      timers[0] = setTimeout(() => {
        ticks++;
        send(encoder.encode(': keep-alive\n\n'));
        if (ticks % RECHECK_EVERY === 0) void refresh();
        keepAlive();
      }, STREAM_KEEPALIVE_MS);
    };
    keepAlive();
    timers[1] = setTimeout(close, STREAM_MAX_MS);

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
