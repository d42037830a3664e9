import type { JoinWaitlistInput } from '@shared/schemas/waitlist.ts';
import { joinWaitlistAnswerSchema } from '@shared/schemas/waitlist-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';
import { waitlistKeys } from '../query-keys';

export type JoinWaitlistBody = JoinWaitlistInput & { rideId: number };

export const joinWaitlist = ({ rideId, ...body }: JoinWaitlistBody) =>
  api.post(`/api/rides/${rideId}/waitlist`, body, joinWaitlistAnswerSchema);

// The answer is the queue as it is now. A 409 (seats freed meanwhile, already passenger or
// waiting) means the screen was out of date: who is aboard, and the queue, are read again.
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: (answer, body) => queryClient.setQueryData(waitlistKeys.ride(body.rideId), answer.waitlist),
    onError: (error, body) => {
      if (error instanceof ApiError && error.status === 409)
        rideChanged(queryClient, { rides: [body.rideId], changed: ['aboard'] });
    },
  });
}
