import { refundPaymentAnswerSchema } from '@shared/schemas/payments-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { setPaymentAnswer } from './set-payment-answer';

// The organiser's "Refunded": they gave back what a passenger paid over their share now; the
// answer parsed with the route's declared schema (ADR 0042).
export const refundPayment = ({ rideId, passengerId }: { rideId: number; passengerId: number }) =>
  api.post(`/api/rides/${rideId}/passengers/${passengerId}/refund`, {}, refundPaymentAnswerSchema);

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: (answer, { rideId }) => setPaymentAnswer(queryClient, rideId, answer),
  });
}
