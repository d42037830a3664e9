import { accountDeletedSchema } from '@shared/schemas/account-response.ts';
import type { DeleteAccountInput } from '@shared/schemas/auth.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, forgetSession } from '../../../lib/api-client';
import { forgetSignedInMember } from '../../../lib/auth';
import { withDeviceToken } from '../../../lib/device-token';

// POST /api/account/delete: the password again, then the account goes and this device is
// signed out (the server has ended every session of the member).
export type { AccountDeleted as DeleteAccountAnswer } from '@shared/schemas/account-response.ts';

export const deleteAccount = (input: Pick<DeleteAccountInput, 'currentPassword'>) =>
  api.post('/api/account/delete', withDeviceToken(input), accountDeletedSchema);

// leave: where the member goes once signed out (called before their data is dropped).
export function useDeleteAccount(leave?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Pick<DeleteAccountInput, 'currentPassword'>) => {
      const answer = await deleteAccount(input);
      forgetSession();
      return answer;
    },
    onSuccess: () => forgetSignedInMember(queryClient, leave),
  });
}
