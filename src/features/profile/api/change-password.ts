import type { ChangePasswordInput } from '@shared/schemas/auth.ts';
import { messageAnswerSchema } from '@shared/schemas/message-response.ts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { withDeviceToken } from '../../../lib/device-token';

export const changePassword = (input: ChangePasswordInput) =>
  api.post('/api/reset-password', withDeviceToken(input), messageAnswerSchema);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
