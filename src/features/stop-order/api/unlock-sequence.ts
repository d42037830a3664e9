import { passengersChangeAnswerSchema } from '@shared/schemas/passengers-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

export const unlockSequence = (rideId: number) =>
  api.post(`/api/rides/${rideId}/unlockSequence`, undefined, passengersChangeAnswerSchema);

// The panel reads the lock from the ride (sequenceLocked) and from the passengers (all
// numbered): both say unlocked at once, from the answer, not after a read. List items carry no
// lock (ADR 0009): My Rides hands the panel the ride's detail.
export function useUnlockSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockSequence,
    onSuccess: ({ passengers }, rideId) =>
      rideChanged(queryClient, { rides: [rideId], changed: [], passengers, ridePatch: { sequenceLocked: false } }),
  });
}
