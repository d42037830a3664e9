import type { Passenger } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

export const lockSequence = (rideId: number) =>
  api.post<{ message: string; passengers: Passenger[] }>(`/api/rides/${rideId}/lockSequence`);

export function useLockSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockSequence,
    onSuccess: (answer, rideId) => {
      queryClient.setQueryData(rideKeys.passengers(rideId), answer.passengers);
      void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
