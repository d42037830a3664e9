import { passengersChangeAnswerSchema } from '@shared/schemas/passengers-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

export interface SetPickupTimeInput {
  rideId: number;
  passengerId: number;
  // 'HH:MM' Singapore time, or null to clear it (ADR 0040).
  pickupTime: string | null;
}

export const setPickupTime = ({ rideId, passengerId, pickupTime }: SetPickupTimeInput) =>
  api.patch(`/api/rides/${rideId}/passengers/${passengerId}/pickupTime`, { pickupTime }, passengersChangeAnswerSchema);

// One ride's times are saved one after the other, so the last answer is the last change.
export function useSetPickupTime(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPickupTime,
    scope: { id: `pickup-times-${rideId}` },
    onSuccess: ({ passengers }, input) => rideChanged(queryClient, { rides: [input.rideId], changed: [], passengers }),
  });
}
