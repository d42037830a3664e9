import type { PaymentSummary } from '@shared/types/payment.ts';
import type { Passenger } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

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
    onSuccess: (_answer, { rideId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rideKeys.passengers(rideId) }),
        queryClient.invalidateQueries({ queryKey: rideKeys.detail(rideId) }),
      ]),
  });
}
