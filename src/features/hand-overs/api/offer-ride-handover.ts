import { handoverAnswerSchema } from '@shared/schemas/ride-handovers-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { handoverKeys } from '../query-keys';

// The organiser offers the ride to one of its passengers; an earlier offer goes.
export const offerRideHandover = ({ rideId, toUserId }: { rideId: number; toUserId: number }) =>
  api.post(`/api/rides/${rideId}/handover`, { toUserId }, handoverAnswerSchema);

// The answer is the offer as it stands now.
export function useOfferRideHandover(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerRideHandover,
    onSuccess: ({ handover }) => queryClient.setQueryData(handoverKeys.ride(rideId), handover),
  });
}
