import { ridePaymentSchema } from '@shared/schemas/payments-response.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

// Where to pay (the organiser's name, number and Revolut) and, for the organiser, the totals.
// Only the organiser and the passengers may read it (403 for anyone else), so the caller says
// when to ask. Under the ride's detail key: whatever refreshes the ride refreshes it, and the
// persisted cache keeps it for offline reading with the passengers. The answer is parsed with the
// route's declared schema (ADR 0042).
export const getPayment = (rideId: number) => api.get(`/api/rides/${rideId}/payment`, ridePaymentSchema);

export const paymentQueryOptions = (rideId: number, enabled: boolean) =>
  queryOptions({
    queryKey: [...rideKeys.detail(rideId), 'payment'] as const,
    queryFn: () => getPayment(rideId),
    enabled,
  });

export function usePayment(rideId: number, enabled: boolean) {
  return useQuery(paymentQueryOptions(rideId, enabled));
}
