import { t } from '@lingui/core/macro';
import { type NewAccountInput, type RegisterInput, registerSchema } from '@shared/schemas/auth.ts';
import { signedInSchema } from '@shared/schemas/auth-response.ts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { type User, useSignedIn } from '../../../lib/auth';
import { errorMessage, toastError } from '../../../lib/toast';

export const register = (input: RegisterInput) => api.post<User>('/api/register', input, signedInSchema);

export function useRegister() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: register, onSuccess: signedIn });
}

// SPEC §8: a refused registration is told in a 'Registration failed' toast, the api's reason
// first.
export function toastRegistrationFailed(error: unknown) {
  toastError(
    t`Registration failed`,
    errorMessage(error) || t`Registration failed. Discord username may already exist.`,
  );
}

// A member account made from another screen's form (the ride page's register and join): the new
// member, not yet signed in here (the caller decides when), or null once a refusal was told.
export async function registerMember(account: NewAccountInput): Promise<User | null> {
  try {
    return await register(registerSchema.parse(account));
  } catch (error) {
    toastRegistrationFailed(error);
    return null;
  }
}
