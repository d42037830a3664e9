import type { Passenger, Ride } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

export const unlockSequence = (rideId: number) =>
  api.post<{ message: string; passengers: Passenger[] }>(`/api/rides/${rideId}/unlockSequence`);

export function useUnlockSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockSequence,
    onSuccess: (answer, rideId) => {
      // The panel reads the lock from the ride (sequenceLocked) and from the passengers (all
      // numbered): both say unlocked at once, not after the lists are read again.
      queryClient.setQueryData(rideKeys.passengers(rideId), answer.passengers);
      // List items carry no lock (ADR 0009): My Rides hands the panel the ride's detail.
      queryClient.setQueryData<Ride>(rideKeys.detail(rideId), (ride) =>
        ride ? { ...ride, sequenceLocked: false } : ride,
      );
      void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
