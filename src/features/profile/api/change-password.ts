import type { ChangePasswordInput } from '@shared/schemas/auth.ts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { withDeviceToken } from '../../../lib/device-token';

export const changePassword = (input: ChangePasswordInput) =>
  api.post<{ message: string }>('/api/reset-password', withDeviceToken(input));

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
