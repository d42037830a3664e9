import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from '../query-keys';

export interface PasswordResetRequest {
  id: number;
  userId: number;
  discordUsername: string;
  name: string | null;
  createdAt: string;
}

export const getPasswordResetRequests = () => api.get<PasswordResetRequest[]>('/api/admin/password-reset-requests');

// Only the admin tools card calls this: anyone else would just collect a 403.
export function usePasswordResetRequests() {
  return useQuery({ queryKey: adminKeys.resetRequests(), queryFn: getPasswordResetRequests });
}
