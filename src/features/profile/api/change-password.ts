import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/schemas/auth.ts';
import { api } from '../../../lib/api-client';

export const changePassword = (input: ChangePasswordInput) =>
  api.post<{ message: string }>('/api/reset-password', input);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
