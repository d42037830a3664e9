import { confirmPaymentAnswerSchema } from '@shared/schemas/payments-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { setPaymentAnswer } from './set-payment-answer';

// The organiser's "Mark paid" (paid true) or "Mark unpaid" (false) for one passenger entry; the
// answer parsed with the route's declared schema (ADR 0042).
export const confirmPayment = ({ rideId, passengerId, paid }: { rideId: number; passengerId: number; paid: boolean }) =>
  api.post(`/api/rides/${rideId}/passengers/${passengerId}/payment`, { paid }, confirmPaymentAnswerSchema);

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: (answer, { rideId }) => setPaymentAnswer(queryClient, rideId, answer),
  });
}
