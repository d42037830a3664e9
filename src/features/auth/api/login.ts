import type { LoginInput } from '@shared/schemas/auth.ts';
import { signedInSchema } from '@shared/schemas/auth-response.ts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { type User, useSignedIn } from '../../../lib/auth';
import { withDeviceToken } from '../../../lib/device-token';

export const login = (input: LoginInput) => api.post<User>('/api/login', withDeviceToken(input), signedInSchema);

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: login, onSuccess: signedIn });
}
