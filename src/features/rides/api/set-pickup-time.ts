import type { Passenger } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

export interface SetPickupTimeInput {
  rideId: number;
  passengerId: number;
  // 'HH:MM' Singapore time, or null to clear it (ADR 0040).
  pickupTime: string | null;
}

export const setPickupTime = ({ rideId, passengerId, pickupTime }: SetPickupTimeInput) =>
  api.patch<{ message: string; passengers: Passenger[] }>(`/api/rides/${rideId}/passengers/${passengerId}/pickupTime`, {
    pickupTime,
  });

export function useSetPickupTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPickupTime,
    onSuccess: (answer, input) => queryClient.setQueryData(rideKeys.passengers(input.rideId), answer.passengers),
  });
}
