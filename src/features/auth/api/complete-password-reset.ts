import { messageAnswerSchema } from '@shared/schemas/message-response.ts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { withDeviceToken } from '../../../lib/device-token';

export interface CompletePasswordResetInput {
  discordUsername: string;
  code: string;
  newPassword: string;
}

export const completePasswordReset = (input: CompletePasswordResetInput) =>
  api.post('/api/complete-password-reset', withDeviceToken(input), messageAnswerSchema);

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
