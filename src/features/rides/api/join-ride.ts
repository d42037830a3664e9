import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';
import type { Ride } from '@shared/types/ride.ts';

export interface JoinRideBody {
  rideId: number;
  // Left out by the join page (SPEC §7): the api counts one passenger.
  passengerCount?: number;
  dropoffLocation: string;
}

export const joinRide = (body: JoinRideBody) =>
  api.post<{ message: string; passengerId: number; ride: Ride }>(`/api/rides/${body.rideId}/join`, body);

// SPEC §4: after a join the ride and its passengers are read again.
export function useJoinRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinRide,
    onSuccess: (answer) => {
      queryClient.setQueryData(rideKeys.detail(answer.ride.id), answer.ride);
      void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
