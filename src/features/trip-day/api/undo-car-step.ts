import { type TripDay, tripDaySchema } from '@shared/schemas/trip-day-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';
import { tripDayKeys } from '../query-keys';

export const undoCarStep = (rideId: number) =>
  apiRequest<TripDay>('DELETE', `/api/rides/${rideId}/trip/car-steps/latest`, undefined, { schema: tripDaySchema });

export function useUndoCarStep(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => undoCarStep(rideId),
    onSuccess: (trip) => queryClient.setQueryData(tripDayKeys.trip(rideId), trip),
  });
}
