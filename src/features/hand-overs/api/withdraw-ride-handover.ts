import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

// The organiser withdraws the offer, or the passenger offered declines it.
export const withdrawRideHandover = (rideId: number) => api.delete<{ handover: null }>(`/api/rides/${rideId}/handover`);

export function useWithdrawRideHandover(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawRideHandover(rideId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.handover(rideId) }),
  });
}
