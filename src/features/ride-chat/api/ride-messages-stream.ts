import {
  type RideConversation,
  rideConversationDeltaSchema,
  rideConversationSchema,
} from '@shared/schemas/ride-chat.ts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { useEffect, useState } from 'react';

import { openApiStream } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { withDelta } from '../conversation-merge';
import { rideChatKeys } from '../query-keys';

// The open chat's live stream (docs/decisions/0025-the-ride-chat-live-by-server-sent-events.md):
// Server-Sent Events read through fetch, which sends the session the way every request does
// (EventSource could only put a token in the URL), parsed by eventsource-parser. The first
// `conversation` event is the whole conversation, put in the query the chat shows; each `delta`
// after it is what changed, applied to that (issue 39 §4); `end` says the member may no longer
// read it (or that this was their oldest stream, past their share: the chat then asks instead).
// Where there is no stream (the hosted api answers 404) or it fails, the chat asks again every
// few seconds instead (get-ride-messages.ts), and a failed stream is tried again later.

// After a failure, wait this long before opening another stream, doubling up to the maximum.
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;
const STREAM_SHORTEST_MS = 30_000;

// Once an api has said it has no stream (404), this page does not ask again.
let streamUnavailable = false;

// As on a new page: the ui tests share one page, and one that met a 404 must not silence the next.
export function forgetStreamUnavailable(): void {
  streamUnavailable = false;
}

type Outcome = 'closed' | 'failed' | 'refused' | 'unavailable';

// The most one event may take (the whole conversation at its largest is about 650 KB): a stream
// that sends more is not our api's, and is treated as failed.
const EVENT_MAX_CHARS = 2 * 1024 * 1024;

function parsedData(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

// One event put where the chat reads it. False when the stream can no longer be followed: a
// delta with no conversation it applies to (the chat's query was dropped meanwhile).
function received(queryClient: QueryClient, rideId: number, message: EventSourceMessage): boolean {
  const key = rideChatKeys.conversation(rideId);
  if (message.event === 'conversation') {
    const conversation = rideConversationSchema.safeParse(parsedData(message.data));
    if (conversation.success) {
      queryClient.setQueryData(key, conversation.data);
      // A GET of the conversation still on its way is older than this: it must not land on top
      // of it (and of the deltas that follow). Cancelled after the set, it keeps what was set.
      void queryClient.cancelQueries({ queryKey: key, exact: true });
    }
    return true;
  }
  if (message.event === 'delta') {
    const delta = rideConversationDeltaSchema.safeParse(parsedData(message.data));
    if (!delta.success) return false;
    const current = queryClient.getQueryData<RideConversation>(key);
    if (!current) return false;
    queryClient.setQueryData(key, withDelta(current, delta.data));
  }
  return true;
}

// One stream from start to end: 'closed' when the api ended it (it does after a while; open
// another at once), 'refused' when the member may not read the chat (any more), 'unavailable'
// when the api has no stream, 'failed' otherwise.
async function readStream(
  rideId: number,
  queryClient: QueryClient,
  signal: AbortSignal,
  onOpen: () => void,
): Promise<Outcome> {
  let response: Response;
  try {
    response = await openApiStream(`/api/rides/${rideId}/messages/stream`, signal);
  } catch {
    return 'failed';
  }
  if (response.status === 404 && !/^application\/json/.test(response.headers.get('content-type') ?? '')) {
    return 'unavailable';
  }
  if (response.status === 404) {
    // Our api's 404: no stream route, or the ride is gone; the chat's own GET tells which.
    const body = await response.text().catch(() => '');
    return body.includes('"not_found"') ? 'unavailable' : 'refused';
  }
  if (response.status === 401 || response.status === 403) return 'refused';
  if (!response.ok || !response.body) return 'failed';
  onOpen();

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let outcome: Outcome | null = null;
  const parser = createParser({
    maxBufferSize: EVENT_MAX_CHARS,
    onEvent(message) {
      if (outcome) return;
      if (message.event === 'end') outcome = 'refused';
      else if (!received(queryClient, rideId, message)) outcome = 'failed';
    },
    onError() {
      outcome ??= 'failed';
    },
  });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return outcome ?? 'closed';
      parser.feed(value);
      if (outcome) {
        void reader.cancel().catch(() => {});
        return outcome;
      }
    }
  } catch {
    return outcome ?? 'failed';
  }
}

// Whether the chat of rideId is live on this screen now. While it is, the chat need not ask again.
export function useRideMessagesStream(rideId: number): boolean {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!online || streamUnavailable) return;
    const controller = new AbortController();
    let retryMs = RETRY_FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const run = async () => {
      const started = Date.now();
      const outcome = await readStream(rideId, queryClient, controller.signal, () => {
        retryMs = RETRY_FIRST_MS;
        setLive(true);
      });
      if (controller.signal.aborted) return;
      setLive(false);
      if (outcome === 'unavailable') {
        streamUnavailable = true;
        return;
      }
      if (outcome === 'refused') {
        // The chat's own request shows why (and the tab goes with the ride's next read).
        void queryClient.invalidateQueries({ queryKey: rideChatKeys.conversation(rideId) });
        return;
      }
      // The api ends a stream after some minutes: the next opens at once. One that ended sooner
      // is treated as a failure, so a proxy cutting every stream is not asked in a loop.
      if (outcome === 'closed' && Date.now() - started > STREAM_SHORTEST_MS) {
        void run();
        return;
      }
      timer = setTimeout(() => void run(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    void run();

    return () => {
      controller.abort();
      clearTimeout(timer);
      setLive(false);
    };
  }, [rideId, online, queryClient]);

  return live && online;
}
