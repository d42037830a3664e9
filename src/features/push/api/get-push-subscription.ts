import { type PushSubscriptionState, pushSubscriptionStateSchema } from '@shared/schemas/push.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { pushKeys } from '../query-keys';

export const getPushSubscription = (endpoint: string) =>
  api.get<PushSubscriptionState>(
    `/api/push/subscriptions/current?endpoint=${encodeURIComponent(endpoint)}`,
    pushSubscriptionStateSchema,
  );

export const pushSubscriptionQueryOptions = (endpoint: string) =>
  queryOptions({ queryKey: pushKeys.subscription(endpoint), queryFn: () => getPushSubscription(endpoint) });

// What the server keeps for this device's endpoint (null: this browser has no subscription).
export function usePushSubscription(endpoint: string | null) {
  return useQuery({ ...pushSubscriptionQueryOptions(endpoint ?? ''), enabled: endpoint !== null });
}
