import { handoverAnswerSchema } from '@shared/schemas/ride-handovers-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { handoverKeys } from '../query-keys';

// The organiser withdraws the offer, or the passenger offered declines it.
export const withdrawRideHandover = (rideId: number) =>
  api.delete(`/api/rides/${rideId}/handover`, handoverAnswerSchema);

// The answer is the offer as it stands now: none.
export function useWithdrawRideHandover(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawRideHandover(rideId),
    onSuccess: ({ handover }) => queryClient.setQueryData(handoverKeys.ride(rideId), handover),
  });
}
