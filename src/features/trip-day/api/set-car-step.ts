import type { CarStepInput } from '@shared/schemas/trip-day.ts';
import { type TripDay, tripDaySchema } from '@shared/schemas/trip-day-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { tripDayKeys } from '../query-keys';

export const setCarStep = (rideId: number, input: CarStepInput) =>
  api.post<TripDay>(`/api/rides/${rideId}/trip/car-steps`, input, tripDaySchema);

// The answer is the trip as it is now: it is put in place, not asked for again.
export function useSetCarStep(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CarStepInput) => setCarStep(rideId, input),
    onSuccess: (trip) => queryClient.setQueryData(tripDayKeys.trip(rideId), trip),
  });
}
