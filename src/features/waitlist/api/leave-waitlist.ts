import type { Waitlist } from '@shared/schemas/waitlist.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

export const leaveWaitlist = (rideId: number) =>
  api.delete<{ message: string; waitlist: Waitlist }>(`/api/rides/${rideId}/waitlist`);

// Settled either way: a 404 may mean the member was just moved onto the ride, which the ride,
// its passengers and the queue read again will show.
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
