import { passwordResetRequestsSchema } from '@shared/schemas/admin-response.ts';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from '../query-keys';

export type { PasswordResetRequest } from '@shared/schemas/admin-response.ts';

export const getPasswordResetRequests = () =>
  api.get('/api/admin/password-reset-requests', passwordResetRequestsSchema);

// Only the admin tools card calls this: anyone else would just collect a 403.
export function usePasswordResetRequests() {
  return useQuery({ queryKey: adminKeys.resetRequests(), queryFn: getPasswordResetRequests });
}
