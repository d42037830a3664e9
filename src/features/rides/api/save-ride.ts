import type { RideSaveInput } from '@shared/schemas/rides.ts';
import type { Ride } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

export const createRide = (body: RideSaveInput) => api.post<Ride>('/api/rides', body);
export const updateRide = (id: number, body: RideSaveInput) => api.patch<Ride>(`/api/rides/${id}`, body);

// Create when there is no id yet, update otherwise; either way the ride lists are refreshed.
export function useSaveRide(rideId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RideSaveInput) => (rideId ? updateRide(rideId, body) : createRide(body)),
    onSuccess: (ride) => {
      queryClient.setQueryData(rideKeys.detail(ride.id), ride);
      // Stats hang under the same key: one invalidation refreshes lists and counts.
      void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
