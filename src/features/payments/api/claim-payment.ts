import { claimPaymentAnswerSchema } from '@shared/schemas/payments-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

// The passenger's "I've paid" (claimed true) or taking it back (false); the answer parsed with the
// route's declared schema (ADR 0042).
export const claimPayment = ({ rideId, claimed }: { rideId: number; claimed: boolean }) =>
  api.post(`/api/rides/${rideId}/payment/claim`, { claimed }, claimPaymentAnswerSchema);

// The answer is the passenger's entry as it is now: written into the ride's passengers, nothing
// read again. Without one (the entry went meanwhile), who is aboard is read again.
export function useClaimPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPayment,
    onSuccess: ({ passenger }, { rideId }) =>
      rideChanged(
        queryClient,
        passenger ? { rides: [rideId], changed: [], passenger } : { rides: [rideId], changed: ['aboard'] },
      ),
  });
}
