import { messageAnswerSchema } from '@shared/schemas/message-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from '../query-keys';

export interface AdminResetPasswordInput {
  discordUsername: string;
  newPassword: string;
}

export const adminResetPassword = (input: AdminResetPasswordInput) =>
  api.post('/api/admin/reset-user-password', input, messageAnswerSchema);

export function useAdminResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminResetPassword,
    // The server closes the member's open requests when their password changes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.resetRequests() }),
  });
}
