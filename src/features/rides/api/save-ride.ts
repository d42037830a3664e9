import type { APPLY_TO } from '@shared/schemas/ride-series.ts';
import type { RideSaveInput } from '@shared/schemas/rides.ts';
import type { Ride } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

export type ApplyTo = (typeof APPLY_TO)[number];

// Issue 27: a new ride may repeat weekly (`repeat`, the answer is its first date); an edit of a
// series date says whether later dates change too (`applyTo`).
export type RideSaveBody = RideSaveInput;

export const createRide = (body: RideSaveBody) => api.post<Ride>('/api/rides', body);
export const updateRide = (id: number, body: RideSaveBody) => api.patch<Ride>(`/api/rides/${id}`, body);

// Create when there is no id yet, update otherwise; either way the ride lists are refreshed.
export function useSaveRide(rideId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RideSaveBody) => (rideId ? updateRide(rideId, body) : createRide(body)),
    onSuccess: (ride) => {
      queryClient.setQueryData(rideKeys.detail(ride.id), ride);
      // Stats and series hang under the same key: one invalidation refreshes lists and counts.
      void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
