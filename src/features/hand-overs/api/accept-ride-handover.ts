import { handoverAcceptAnswerSchema } from '@shared/schemas/ride-handovers-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';
import { handoverKeys } from '../query-keys';

// The passenger offered the ride takes it over: the offer is done, the ride is the answer's,
// and everything that shows who organises it or who is aboard (its passengers, the queue, whom
// to pay, the lists) is read again.
export const acceptRideHandover = (rideId: number) =>
  api.post(`/api/rides/${rideId}/handover/accept`, undefined, handoverAcceptAnswerSchema);

export function useAcceptRideHandover(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptRideHandover(rideId),
    onSuccess: ({ ride }) => {
      const offer = handoverKeys.ride(rideId);
      queryClient.setQueryData(offer, null);
      rideChanged(queryClient, { rides: [rideId], changed: ['organiser', 'aboard'], ride }, [offer]);
    },
  });
}
