import { type PushKey, pushKeySchema } from '@shared/schemas/push.ts';
import { queryOptions } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { pushKeys } from '../query-keys';

export const getPushKey = () => api.get<PushKey>('/api/push/key', pushKeySchema);

// The server's VAPID key changes only if the operator replaces it.
export const pushKeyQueryOptions = () =>
  queryOptions({ queryKey: pushKeys.serverKey(), queryFn: getPushKey, staleTime: 60 * 60 * 1000 });
