import type { Passenger } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

export interface MovePassengerInput {
  rideId: number;
  passengerId: number;
  sequence: number;
}

export const movePassenger = ({ rideId, passengerId, sequence }: MovePassengerInput) =>
  api.patch<{ message: string; passengers: Passenger[] }>(`/api/rides/${rideId}/passengers/${passengerId}/sequence`, {
    sequence,
  });

export function useMovePassenger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: movePassenger,
    onSuccess: (answer, input) => queryClient.setQueryData(rideKeys.passengers(input.rideId), answer.passengers),
    // On failure the local order is wrong: read the true one again.
    onError: (_error, input) => void queryClient.invalidateQueries({ queryKey: rideKeys.passengers(input.rideId) }),
  });
}
