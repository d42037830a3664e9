import { resetCodeIssuedSchema } from '@shared/schemas/admin-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from '../query-keys';

export type { ResetCodeIssued as PasswordResetCode } from '@shared/schemas/admin-response.ts';

export const createPasswordResetCode = (input: { discordUsername: string }) =>
  api.post('/api/admin/password-reset-codes', input, resetCodeIssuedSchema);

export function useCreatePasswordResetCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPasswordResetCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.resetRequests() }),
  });
}
