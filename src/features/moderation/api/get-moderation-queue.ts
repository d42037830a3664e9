import { moderationQueueSchema } from '@shared/schemas/moderation-response.ts';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { moderationKeys } from '../query-keys';

export const getModerationQueue = () => api.get('/api/admin/moderation', moderationQueueSchema);

// Only the admin's queue calls this: anyone else would just collect a 403.
export function useModerationQueue() {
  return useQuery({ queryKey: moderationKeys.queue(), queryFn: getModerationQueue });
}
