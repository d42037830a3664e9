import type { CarPositionInput } from '@shared/schemas/trip-day.ts';
import { type TripDay, tripDaySchema } from '@shared/schemas/trip-day-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { tripDayKeys } from '../query-keys';

export const shareCarPosition = (rideId: number, input: CarPositionInput) =>
  api.put<TripDay>(`/api/rides/${rideId}/trip/position`, input, tripDaySchema);

export const stopCarPosition = (rideId: number) =>
  api.delete<TripDay>(`/api/rides/${rideId}/trip/position`, tripDaySchema);

// Each answer is the trip as it is now: it is put in place, not asked for again.
export function useShareCarPosition(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CarPositionInput) => shareCarPosition(rideId, input),
    onSuccess: (trip) => queryClient.setQueryData(tripDayKeys.trip(rideId), trip),
  });
}

export function useStopCarPosition(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => stopCarPosition(rideId),
    onSuccess: (trip) => queryClient.setQueryData(tripDayKeys.trip(rideId), trip),
  });
}
