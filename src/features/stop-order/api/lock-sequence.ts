import { passengersChangeAnswerSchema } from '@shared/schemas/passengers-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

export const lockSequence = (rideId: number) =>
  api.post(`/api/rides/${rideId}/lockSequence`, undefined, passengersChangeAnswerSchema);

// The answer is the passengers in their locked order; the ride says locked at once too (the
// panel reads the lock from both). Nothing else shows the order.
export function useLockSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockSequence,
    onSuccess: ({ passengers }, rideId) =>
      rideChanged(queryClient, { rides: [rideId], changed: [], passengers, ridePatch: { sequenceLocked: true } }),
  });
}
