import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { withDeviceToken } from '../../../lib/device-token';

export interface CompletePasswordResetInput {
  discordUsername: string;
  code: string;
  newPassword: string;
}

export const completePasswordReset = (input: CompletePasswordResetInput) =>
  api.post<{ message: string }>('/api/complete-password-reset', withDeviceToken(input));

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
