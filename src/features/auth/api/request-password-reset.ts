import { messageAnswerSchema } from '@shared/schemas/message-response.ts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export const requestPasswordReset = (input: { discordUsername: string }) =>
  api.post('/api/request-password-reset', input, messageAnswerSchema);

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
