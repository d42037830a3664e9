import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from '../query-keys';

export interface PasswordResetCode {
  code: string;
  expiresAt: string;
  message: string;
}

export const createPasswordResetCode = (input: { discordUsername: string }) =>
  api.post<PasswordResetCode>('/api/admin/password-reset-codes', input);

export function useCreatePasswordResetCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPasswordResetCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.resetRequests() }),
  });
}
