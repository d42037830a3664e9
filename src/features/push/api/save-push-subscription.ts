import { pushSubscriptionStateSchema, type SavePushSubscriptionInput } from '@shared/schemas/push.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { pushKeys } from '../query-keys';

export const savePushSubscription = (input: SavePushSubscriptionInput) =>
  api.post('/api/push/subscriptions', input, pushSubscriptionStateSchema);

export function useSavePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePushSubscription,
    onSuccess: (state, input) => {
      queryClient.setQueryData(pushKeys.subscription(input.endpoint), state);
      return queryClient.invalidateQueries({ queryKey: pushKeys.device() });
    },
  });
}
