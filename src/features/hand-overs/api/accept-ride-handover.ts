import type { Ride } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

// The passenger offered the ride takes it over: the ride, its passengers, the queue and every
// list that shows it change, so everything under `all` is read again.
export const acceptRideHandover = (rideId: number) => api.post<{ ride: Ride }>(`/api/rides/${rideId}/handover/accept`);

export function useAcceptRideHandover(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptRideHandover(rideId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
