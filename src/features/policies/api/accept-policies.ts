import { CURRENT_POLICIES } from '@shared/policies.ts';
import { ownUserSchema } from '@shared/schemas/auth-response.ts';
import type { AcceptPoliciesInput } from '@shared/schemas/policies.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { authKeys, type User } from '../../../lib/auth';

// POST /api/policies/accept: the member accepts the versions this app shows; the answer is the
// member, whose acceptedPolicies then name them (the prompt goes).
export const acceptPolicies = (input: AcceptPoliciesInput) =>
  api.post<User>('/api/policies/accept', input, ownUserSchema);

export function useAcceptPolicies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptPolicies({ acceptedPolicies: CURRENT_POLICIES }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
  });
}
