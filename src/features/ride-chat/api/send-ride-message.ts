import {
  type RideConversation,
  type RideMessage,
  rideMessageSchema,
  type RideMessageSendInput,
} from '@shared/schemas/ride-chat.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { withSentMessage } from '../conversation-merge';
import { rideChatKeys } from '../query-keys';

export const sendRideMessage = ({ rideId, body }: { rideId: number } & RideMessageSendInput) =>
  api.post<RideMessage>(`/api/rides/${rideId}/messages`, { body }, rideMessageSchema);

export function useSendRideMessage(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RideMessageSendInput) => sendRideMessage({ rideId, ...input }),
    // The answer is the message: it goes into the conversation as it is, and the conversation is
    // not asked for again (issue 39 §4). Others' messages come by the stream, or the chat's asking.
    onSuccess: (message) =>
      queryClient.setQueryData<RideConversation>(rideChatKeys.conversation(rideId), (old) =>
        old ? withSentMessage(old, message) : old,
      ),
  });
}
