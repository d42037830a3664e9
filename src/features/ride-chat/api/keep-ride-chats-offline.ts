import type { OfflineRide } from '@shared/schemas/offline-rides-response.ts';
import type { QueryClient } from '@tanstack/react-query';

import { rideChatKeys } from '../query-keys';

// The last 200 messages of each of the member's rides, from the rides read ahead for offline
// (ADR 0017), put where the Chat tab reads them: at the checkpoint with no signal, the pickup
// point the organiser wrote is still there. A chat open on screen is left alone: its own
// stream or request keeps it current, and may be newer than this read.
export function keepRideChatsOffline(queryClient: QueryClient, rides: Pick<OfflineRide, 'conversation'>[]): void {
  for (const { conversation } of rides) {
    if (!conversation) continue;
    const key = rideChatKeys.conversation(conversation.rideId);
    if ((queryClient.getQueryCache().find({ queryKey: key })?.getObserversCount() ?? 0) > 0) continue;
    queryClient.setQueryData(key, conversation);
  }
}
