import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CompletePasswordResetInput {
  discordUsername: string;
  code: string;
  newPassword: string;
}

export const completePasswordReset = (input: CompletePasswordResetInput) =>
  api.post<{ message: string }>('/api/complete-password-reset', input);

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
