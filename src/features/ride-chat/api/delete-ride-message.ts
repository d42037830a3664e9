import { messageAnswerSchema } from '@shared/schemas/message-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChatKeys } from '../query-keys';

export const deleteRideMessage = ({ rideId, messageId }: { rideId: number; messageId: number }) =>
  api.delete(`/api/rides/${rideId}/messages/${messageId}`, messageAnswerSchema);

export function useDeleteRideMessage(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => deleteRideMessage({ rideId, messageId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rideChatKeys.conversation(rideId) }),
  });
}
