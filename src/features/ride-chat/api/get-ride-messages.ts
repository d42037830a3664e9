import { type RideConversation, rideConversationSchema } from '@shared/schemas/ride-chat.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { rideChatKeys } from '../query-keys';
import { useRideMessagesStream } from './ride-messages-stream';

// An open chat is live through its stream (ride-messages-stream.ts). Where the api has none
// (hosted Supabase) or it is down, the chat asks again every few seconds instead; the api
// answers an unchanged conversation with a 304 (its ETag), so a quiet chat costs little.
export const RIDE_CHAT_REFRESH_MS = 4000;

export const getRideMessages = (rideId: number) =>
  api.get<RideConversation>(`/api/rides/${rideId}/messages`, rideConversationSchema);

export const rideMessagesQueryOptions = (rideId: number) =>
  queryOptions({ queryKey: rideChatKeys.conversation(rideId), queryFn: () => getRideMessages(rideId) });

// The last 200 messages of the ride, oldest first, and the pinned one; kept current while shown,
// by the stream or else by asking again. Offline, the copy kept on the phone shows and nothing
// is asked.
export function useRideMessages(rideId: number) {
  const live = useRideMessagesStream(rideId);
  const online = useOnline();
  return useQuery({
    ...rideMessagesQueryOptions(rideId),
    // Refused (signed out, no longer on the ride): asking again would be refused again.
    refetchInterval: (query) =>
      live || !online || (query.state.error instanceof ApiError && [401, 403].includes(query.state.error.status))
        ? false
        : RIDE_CHAT_REFRESH_MS,
  });
}
