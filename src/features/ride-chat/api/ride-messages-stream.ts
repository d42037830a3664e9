import { rideConversationSchema } from '@shared/schemas/ride-chat.ts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { openApiStream } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { rideChatKeys } from '../query-keys';

// The open chat's live stream (docs/decisions/0025-the-ride-chat-live-by-server-sent-events.md):
// Server-Sent Events read through fetch, which sends the session the way every request does
// (EventSource could only put a token in the URL). Each `conversation` event is the whole
// conversation, put in the query the chat shows; `end` says the member may no longer read it.
// Where there is no stream (the hosted api answers 404) or it fails, the chat asks again every
// few seconds instead (get-ride-messages.ts), and a failed stream is tried again later.

// After a failure, wait this long before opening another stream, doubling up to the maximum.
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;
const STREAM_SHORTEST_MS = 30_000;

// Once an api has said it has no stream (404), this page does not ask again.
let streamUnavailable = false;

type Outcome = 'closed' | 'failed' | 'refused' | 'unavailable';

function parseEvent(block: string): { event: string; data: string } | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null;
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
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'closed';
      buffer += value;
      let boundary: RegExpExecArray | null;
      while ((boundary = /\r?\n\r?\n/.exec(buffer))) {
        const parsed = parseEvent(buffer.slice(0, boundary.index));
        buffer = buffer.slice(boundary.index + boundary[0].length);
        if (parsed?.event === 'conversation') {
          const conversation = rideConversationSchema.safeParse(JSON.parse(parsed.data));
          if (conversation.success) queryClient.setQueryData(rideChatKeys.conversation(rideId), conversation.data);
        } else if (parsed?.event === 'end') {
          return 'refused';
        }
      }
    }
  } catch {
    return 'failed';
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
