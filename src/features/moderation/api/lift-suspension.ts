import { messageAnswerSchema } from '@shared/schemas/message-response.ts';
import type { ModerationActionInput } from '@shared/schemas/moderation.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { moderationKeys } from '../query-keys';

export const liftSuspension = ({ userId, ...body }: { userId: number } & ModerationActionInput) =>
  api.post(`/api/admin/suspensions/${userId}/lift`, body, messageAnswerSchema);

export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftSuspension,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.queue() }),
  });
}
