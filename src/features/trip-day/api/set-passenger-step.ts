import type { PassengerStepInput } from '@shared/schemas/trip-day.ts';
import { type TripDay, tripDaySchema } from '@shared/schemas/trip-day-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { tripDayKeys } from '../query-keys';

export const setPassengerStep = (rideId: number, input: PassengerStepInput) =>
  api.post<TripDay>(`/api/rides/${rideId}/trip/passenger-steps`, input, tripDaySchema);

export function useSetPassengerStep(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PassengerStepInput) => setPassengerStep(rideId, input),
    onSuccess: (trip) => queryClient.setQueryData(tripDayKeys.trip(rideId), trip),
  });
}
