import type { PaymentSummary } from '@shared/types/payment.ts';
import type { Passenger } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { invalidateRideMoney } from './invalidate-ride-money';

// The organiser's "Mark paid" (paid true) or "Mark unpaid" (false) for one passenger entry.
export const confirmPayment = ({ rideId, passengerId, paid }: { rideId: number; passengerId: number; paid: boolean }) =>
  api.post<{ message: string; passenger: Passenger | null; summary: PaymentSummary }>(
    `/api/rides/${rideId}/passengers/${passengerId}/payment`,
    { paid },
  );

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: (_answer, { rideId }) => invalidateRideMoney(queryClient, rideId),
  });
}
