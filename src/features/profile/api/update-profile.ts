import type { ProfileInput } from '@shared/schemas/auth.ts';
import { ownUserSchema } from '@shared/schemas/auth-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { authKeys, refreshMemberData, type User } from '../../../lib/auth';

export const updateProfile = (userId: number, input: ProfileInput) =>
  api.patch<User>(`/api/users/${userId}`, input, ownUserSchema);

export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(userId, input),
    onSuccess: (user) => {
      // The answer is the fresh current user, so no second round trip for /api/auth/me.
      queryClient.setQueryData(authKeys.me, user);
      refreshMemberData(queryClient);
    },
  });
}
