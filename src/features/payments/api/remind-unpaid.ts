import { remindUnpaidAnswerSchema } from '@shared/schemas/payments-response.ts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

// The organiser reminds everyone whose payment is not confirmed (a notification each); at most
// once per ride in 12 hours (429 with the wait otherwise). Nothing on screen changes. The answer
// is parsed with the route's declared schema (ADR 0042).
export const remindUnpaid = (rideId: number) =>
  api.post(`/api/rides/${rideId}/payment/remind`, undefined, remindUnpaidAnswerSchema);

export function useRemindUnpaid() {
  return useMutation({ mutationFn: remindUnpaid });
}
