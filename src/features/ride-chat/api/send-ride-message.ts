import { type RideMessage, rideMessageSchema, type RideMessageSendInput } from '@shared/schemas/ride-chat.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChatKeys } from '../query-keys';

export const sendRideMessage = ({ rideId, body }: { rideId: number } & RideMessageSendInput) =>
  api.post<RideMessage>(`/api/rides/${rideId}/messages`, { body }, rideMessageSchema);

export function useSendRideMessage(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RideMessageSendInput) => sendRideMessage({ rideId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rideChatKeys.conversation(rideId) }),
  });
}
