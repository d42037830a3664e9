import type { Passenger } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

export const lockSequence = (rideId: number) =>
  api.post<{ message: string; passengers: Passenger[] }>(`/api/rides/${rideId}/lockSequence`);

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
