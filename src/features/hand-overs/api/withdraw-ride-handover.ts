import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { handoverKeys } from '../query-keys';

// The organiser withdraws the offer, or the passenger offered declines it.
export const withdrawRideHandover = (rideId: number) => api.delete<{ handover: null }>(`/api/rides/${rideId}/handover`);

// The answer is the offer as it stands now: none.
export function useWithdrawRideHandover(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawRideHandover(rideId),
    onSuccess: ({ handover }) => queryClient.setQueryData(handoverKeys.ride(rideId), handover),
  });
}
