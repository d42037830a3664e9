import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@shared/schemas/auth.ts';
import { api } from '../../../lib/api-client';
import { type User, useSignedIn } from '../../../lib/auth';

export const register = (input: RegisterInput) => api.post<User>('/api/register', input);

export function useRegister() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: register, onSuccess: signedIn });
}
