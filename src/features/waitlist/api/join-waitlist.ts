import type { JoinWaitlistInput, Waitlist } from '@shared/schemas/waitlist.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

export type JoinWaitlistBody = JoinWaitlistInput & { rideId: number };

export const joinWaitlist = ({ rideId, ...body }: JoinWaitlistBody) =>
  api.post<{ message: string; position: number; waitlist: Waitlist }>(`/api/rides/${rideId}/waitlist`, body);

// A 409 (seats freed meanwhile, already passenger or waiting) means the screen was out of date:
// the ride and its queue are read again.
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: (answer, body) => queryClient.setQueryData(rideKeys.waitlist(body.rideId), answer.waitlist),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
