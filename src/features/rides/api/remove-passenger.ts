import { passengerRemovedAnswerSchema } from '@shared/schemas/passengers-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

// A passenger leaving, or the organiser removing one: the seats freed may fill from the queue,
// and an offer of the ride made to them goes with them. The answer says no more than that.
export const removePassenger = ({ rideId, passengerId }: { rideId: number; passengerId: number }) =>
  api.delete(`/api/rides/${rideId}/passengers/${passengerId}`, passengerRemovedAnswerSchema);

export function useRemovePassenger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePassenger,
    onSuccess: (_answer, { rideId }) => rideChanged(queryClient, { rides: [rideId], changed: ['aboard'] }),
  });
}
