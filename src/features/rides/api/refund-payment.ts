import type { PaymentSummary } from '@shared/types/payment.ts';
import type { Passenger } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { invalidateRideMoney } from './invalidate-ride-money';

// The organiser's "Refunded": they gave back what a passenger paid over their share now.
export const refundPayment = ({ rideId, passengerId }: { rideId: number; passengerId: number }) =>
  api.post<{ message: string; refunded: number; passenger: Passenger | null; summary: PaymentSummary }>(
    `/api/rides/${rideId}/passengers/${passengerId}/refund`,
    {},
  );

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: (_answer, { rideId }) => invalidateRideMoney(queryClient, rideId),
  });
}
