import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '@shared/schemas/auth.ts';
import { api } from '../../../lib/api-client';
import type { User } from '../../../lib/auth';
import { authKeys, rideKeys } from '../../../lib/query-keys';

export const updateProfile = (userId: number, input: ProfileInput) => api.patch<User>(`/api/users/${userId}`, input);

export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(userId, input),
    onSuccess: (user) => {
      // The answer is the fresh current user, so no second round trip for /api/auth/me.
      queryClient.setQueryData(authKeys.me, user);
      // Ride cards and passenger lists carry the member's name and numbers.
      void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
