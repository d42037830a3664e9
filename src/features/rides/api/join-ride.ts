import { joinRideAnswerSchema } from '@shared/schemas/passengers-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';
import { rideKeys } from '../query-keys';

export interface JoinRideBody {
  rideId: number;
  // The party joining, the member included; the api counts 1 when it is left out.
  passengerCount?: number;
  dropoffLocation: string;
}

export const joinRide = (body: JoinRideBody) => api.post(`/api/rides/${body.rideId}/join`, body, joinRideAnswerSchema);

// SPEC §4: after a join the ride is the answer's, and who is aboard is read again: its
// passengers, the lists, its series' seats and the queue a join takes the member out of.
// A 409 (full, fewer spots than the party, already joined, past) means the seats on screen were
// out of date: the same are read again, the ride too, so the counts, the form's limit and the
// cards show what the server holds.
export function useJoinRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinRide,
    onSuccess: ({ ride }) => {
      const detail = rideKeys.detail(ride.id);
      queryClient.setQueryData(detail, ride);
      rideChanged(queryClient, { rides: [ride.id], changed: ['aboard'] }, [detail]);
    },
    onError: (error, body) => {
      if (error instanceof ApiError && error.status === 409)
        rideChanged(queryClient, { rides: [body.rideId], changed: ['aboard'] });
    },
  });
}
