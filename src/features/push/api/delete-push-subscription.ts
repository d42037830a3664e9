import { pushSubscriptionStateSchema } from '@shared/schemas/push.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';
import { pushKeys } from '../query-keys';

export const deletePushSubscription = (endpoint: string) =>
  apiRequest('DELETE', '/api/push/subscriptions', { endpoint }, { schema: pushSubscriptionStateSchema });

export function useDeletePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePushSubscription,
    onSuccess: (state, endpoint) => {
      queryClient.setQueryData(pushKeys.subscription(endpoint), state);
      return queryClient.invalidateQueries({ queryKey: pushKeys.device() });
    },
  });
}
