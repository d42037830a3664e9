import type { RideChatSummary } from '@shared/schemas/ride-chat.ts';
import { rideChatUnreadSchema } from '@shared/schemas/ride-chat-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { refreshUnreadCounts } from '../../../lib/chat-unread';
import { rideChatKeys } from '../query-keys';

export const markChatRead = ({ rideId, lastId }: { rideId: number; lastId: number }) =>
  api.post(`/api/rides/${rideId}/messages/read`, { lastId }, rideChatUnreadSchema);

// The open chat says how far the member has read: the tab's count, My Rides' and the bell's
// follow at once.
export function useMarkChatRead(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lastId: number) => markChatRead({ rideId, lastId }),
    onSuccess: (answer) => {
      queryClient.setQueryData<RideChatSummary>(rideChatKeys.summary(rideId), (old) =>
        old ? { ...old, unread: answer.unread } : old,
      );
      void refreshUnreadCounts(queryClient);
    },
  });
}
