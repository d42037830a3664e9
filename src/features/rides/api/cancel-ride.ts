import { messageAnswerSchema } from '@shared/schemas/message-response.ts';
import type { RideCancelInput } from '@shared/schemas/rides.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';
import { rideKeys } from '../query-keys';

export interface CancelRideInput extends RideCancelInput {
  rideId: number;
}

// The ride page's "Cancel ride" (issue 37): its passengers are told, with the reason if given.
export const cancelRide = ({ rideId, reason }: CancelRideInput) =>
  api.post(`/api/rides/${rideId}/cancel`, { reason: reason ?? null }, messageAnswerSchema);

export function useCancelRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRide,
    onSuccess: (_answer, { rideId }) => {
      const detail = rideKeys.detail(rideId);
      rideChanged(queryClient, { rides: [rideId], changed: ['exists'] }, [detail]);
      // Nothing may show the ride again, not even a copy kept for offline.
      queryClient.removeQueries({ queryKey: detail });
    },
  });
}
