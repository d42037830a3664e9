import type { Ride } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

export interface JoinRideBody {
  rideId: number;
  // The party joining, the member included; the api counts 1 when it is left out.
  passengerCount?: number;
  dropoffLocation: string;
}

export const joinRide = (body: JoinRideBody) =>
  api.post<{ message: string; passengerId: number; ride: Ride }>(`/api/rides/${body.rideId}/join`, body);

// SPEC §4: after a join the ride and its passengers are read again.
// A 409 (full, fewer spots than the party, already joined, past) means the seats on screen were
// out of date: the ride, its passengers and the lists are read again, so the counts, the
// form's limit and the cards show what the server holds.
export function useJoinRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinRide,
    onSuccess: (answer) => {
      queryClient.setQueryData(rideKeys.detail(answer.ride.id), answer.ride);
      void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
