import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';
import type { Passenger, Ride } from '@shared/types/ride.ts';

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
      const unlocked = (ride: Ride) => (ride.id === rideId ? { ...ride, sequenceLocked: false } : ride);
      for (const key of [rideKeys.list(), rideKeys.joined(), rideKeys.vendor()]) {
        queryClient.setQueryData<Ride[]>(key, (rides) => rides?.map(unlocked));
      }
      queryClient.setQueryData<Ride>(rideKeys.detail(rideId), (ride) => (ride ? unlocked(ride) : ride));
      void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
