import type { APPLY_TO } from '@shared/schemas/ride-series.ts';
import type { RideSaveInput } from '@shared/schemas/rides.ts';
import { rideSchema } from '@shared/schemas/rides-response.ts';
import type { Ride } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';
import { rideKeys } from '../query-keys';

export type ApplyTo = (typeof APPLY_TO)[number];

// Issue 27: a new ride may repeat weekly (`repeat`, the answer is its first date); an edit of a
// series date says whether later dates change too (`applyTo`).
export type RideSaveBody = RideSaveInput;

export const createRide = (body: RideSaveBody) => api.post<Ride>('/api/rides', body, rideSchema);
export const updateRide = (id: number, body: RideSaveBody) => api.patch<Ride>(`/api/rides/${id}`, body, rideSchema);

// Create when there is no id yet, update otherwise. The ride is the answer's. A new one shows in
// the lists, the counts and the request it was started for; an edit changes what the lists, its
// series and its queue show of it (more seats fill from the queue), and with applyTo
// 'following' every later date of its series, whose ids this page does not know.
export function useSaveRide(rideId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RideSaveBody) => (rideId ? updateRide(rideId, body) : createRide(body)),
    onSuccess: (ride, body) => {
      const detail = rideKeys.detail(ride.id);
      queryClient.setQueryData(detail, ride);
      rideChanged(
        queryClient,
        rideId
          ? { rides: body.applyTo === 'following' ? 'all' : [ride.id], changed: ['details', 'aboard'] }
          : { rides: [ride.id], changed: ['exists'] },
        [detail],
      );
    },
  });
}
