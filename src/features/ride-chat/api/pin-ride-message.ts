import { rideMessagePinnedSchema } from '@shared/schemas/ride-chat-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChatKeys } from '../query-keys';

export const pinRideMessage = ({ rideId, messageId, pinned }: { rideId: number; messageId: number; pinned: boolean }) =>
  api.put(`/api/rides/${rideId}/messages/${messageId}/pin`, { pinned }, rideMessagePinnedSchema);

// The organiser's announcement: the chat's top and the ride's details both show it.
export function usePinRideMessage(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { messageId: number; pinned: boolean }) => pinRideMessage({ rideId, ...input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rideChatKeys.conversation(rideId) }),
        queryClient.invalidateQueries({ queryKey: rideChatKeys.summary(rideId) }),
      ]),
  });
}
