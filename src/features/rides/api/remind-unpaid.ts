import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

// The organiser reminds everyone whose payment is not confirmed (a notification each); at most
// once per ride in 12 hours (429 with the wait otherwise). Nothing on screen changes.
export const remindUnpaid = (rideId: number) =>
  api.post<{ message: string; reminded: number }>(`/api/rides/${rideId}/payment/remind`);

export function useRemindUnpaid() {
  return useMutation({ mutationFn: remindUnpaid });
}
