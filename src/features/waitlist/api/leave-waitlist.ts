import { leaveWaitlistAnswerSchema } from '@shared/schemas/waitlist-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';
import { waitlistKeys } from '../query-keys';

export const leaveWaitlist = (rideId: number) => api.delete(`/api/rides/${rideId}/waitlist`, leaveWaitlistAnswerSchema);

// The answer is the queue as it is now. A 404 may mean the member was just moved onto the ride:
// who is aboard, and the queue, are read again.
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSuccess: (answer, rideId) => queryClient.setQueryData(waitlistKeys.ride(rideId), answer.waitlist),
    onError: (error, rideId) => {
      if (error instanceof ApiError && error.status === 404)
        rideChanged(queryClient, { rides: [rideId], changed: ['aboard'] });
    },
  });
}
