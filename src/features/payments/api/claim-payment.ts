import { claimPaymentAnswerSchema } from '@shared/schemas/payments-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { invalidateRideMoney } from '../../rides/api/invalidate-ride-money';

// The passenger's "I've paid" (claimed true) or taking it back (false); the answer parsed with the
// route's declared schema (ADR 0042).
export const claimPayment = ({ rideId, claimed }: { rideId: number; claimed: boolean }) =>
  api.post(`/api/rides/${rideId}/payment/claim`, { claimed }, claimPaymentAnswerSchema);

export function useClaimPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPayment,
    onSuccess: (_answer, { rideId }) => invalidateRideMoney(queryClient, rideId),
  });
}
