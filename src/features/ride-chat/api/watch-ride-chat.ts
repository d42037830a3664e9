import { type RideChatWatchingInput, rideChatWatchingSchema, WATCHING_REPEAT_MS } from '@shared/schemas/ride-chat.ts';
import { rideChatWatchingStateSchema } from '@shared/schemas/ride-chat-response.ts';
import { useEffect, useRef } from 'react';

import { ApiError, apiRequest } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';

// Told when away (issue 25, ADR 0025): while the member looks at the chat (its tab shown and the
// app in view) a new message does not tell them by the inbox or Web Push. The api cannot know it
// from the stream: a locked phone keeps its stream open, and that is when the push matters. So
// the open chat says so itself, at once and every WATCHING_REPEAT_MS; the api lets the word lapse
// 45 s after the last one, for a phone that dies without saying goodbye.

// keepalive: the goodbye said as the page is hidden or closed still reaches the api.
export const watchRideChat = ({ rideId, watching }: RideChatWatchingInput & { rideId: number }) =>
  apiRequest('PUT', `/api/rides/${rideId}/messages/watching`, rideChatWatchingSchema.parse({ watching }), {
    keepalive: true,
    schema: rideChatWatchingStateSchema,
  });

// Says whether the member is looking at the chat of rideId while the component using it is
// mounted. Offline nothing is said (the api-client refuses before sending), and nothing is shown:
// a word that does not arrive only means one notification more.
export function useWatchRideChat(rideId: number) {
  const online = useOnline();
  // One word after the other, in order: a quick hide and show must not reach the api as a show
  // and then a hide.
  const said = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    if (!online) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    // No longer in the conversation (left, removed, signed out): the chat itself says so.
    let refused = false;

    const say = (watching: boolean) => {
      said.current = said.current.then(() => {
        if (refused) return;
        return watchRideChat({ rideId, watching }).then(
          () => undefined,
          (error: unknown) => {
            if (error instanceof ApiError && [401, 403, 404].includes(error.status)) refused = true;
          },
        );
      });
    };
    const start = () => {
      if (timer !== undefined || document.visibilityState !== 'visible') return;
      say(true);
      timer = setInterval(() => say(true), WATCHING_REPEAT_MS);
    };
    const stop = () => {
      if (timer === undefined) return;
      clearInterval(timer);
      timer = undefined;
      say(false);
    };
    const follow = () => (document.visibilityState === 'visible' ? start() : stop());

    start();
    document.addEventListener('visibilitychange', follow);
    // Closing or leaving the page says goodbye even where visibilitychange does not come first.
    window.addEventListener('pagehide', stop);
    window.addEventListener('pageshow', follow);
    return () => {
      document.removeEventListener('visibilitychange', follow);
      window.removeEventListener('pagehide', stop);
      window.removeEventListener('pageshow', follow);
      stop();
    };
  }, [rideId, online]);
}
