import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export const requestPasswordReset = (input: { discordUsername: string }) =>
  api.post<{ message: string }>('/api/request-password-reset', input);

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
