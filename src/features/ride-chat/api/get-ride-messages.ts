import { type RideConversation, rideConversationSchema } from '@shared/schemas/ride-chat.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChatKeys } from '../query-keys';

// Until a live transport is decided (issue 25), an open chat asks again every few seconds; the
// api answers an unchanged conversation with a 304 (its ETag), so a quiet chat costs little.
export const RIDE_CHAT_REFRESH_MS = 4000;

export const getRideMessages = async (rideId: number) =>
  rideConversationSchema.parse(await api.get<RideConversation>(`/api/rides/${rideId}/messages`));

export const rideMessagesQueryOptions = (rideId: number) =>
  queryOptions({ queryKey: rideChatKeys.conversation(rideId), queryFn: () => getRideMessages(rideId) });

// The last 200 messages of the ride, oldest first, and the pinned one; refreshed while shown.
export function useRideMessages(rideId: number) {
  return useQuery({ ...rideMessagesQueryOptions(rideId), refetchInterval: RIDE_CHAT_REFRESH_MS });
}
