import type { Passenger } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { invalidateRideMoney } from './invalidate-ride-money';

// The passenger's "I've paid" (claimed true) or taking it back (false).
export const claimPayment = ({ rideId, claimed }: { rideId: number; claimed: boolean }) =>
  api.post<{ message: string; passenger: Passenger | null }>(`/api/rides/${rideId}/payment/claim`, { claimed });

export function useClaimPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPayment,
    onSuccess: (_answer, { rideId }) => invalidateRideMoney(queryClient, rideId),
  });
}
