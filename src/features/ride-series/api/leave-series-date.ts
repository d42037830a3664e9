import { passengerRemovedAnswerSchema } from '@shared/schemas/passengers-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

// "Leave this date" on a series date: the member's own entry on that one ride goes, as the
// Passengers tab's "Leave Ride" does (the same api call, DELETE /api/rides/{id}/passengers/{id}).
export const leaveSeriesDate = ({ rideId, passengerId }: { rideId: number; passengerId: number }) =>
  api.delete(`/api/rides/${rideId}/passengers/${passengerId}`, passengerRemovedAnswerSchema);

export function useLeaveSeriesDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveSeriesDate,
    onSuccess: (_answer, { rideId }) => rideChanged(queryClient, { rides: [rideId], changed: ['aboard'] }),
  });
}
