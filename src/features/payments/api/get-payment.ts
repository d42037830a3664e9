import type { OfflineRide } from '@shared/schemas/offline-rides-response.ts';
import { ridePaymentSchema } from '@shared/schemas/payments-response.ts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { paymentKeys } from '../query-keys';

// Where to pay (the organiser's name, number and Revolut) and, for the organiser, the totals.
// Only the organiser and the passengers may read it (403 for anyone else), so the caller says
// when to ask. The persisted cache keeps it for offline reading with the passengers. The answer
// is parsed with the route's declared schema (ADR 0042).
export const getPayment = (rideId: number) => api.get(`/api/rides/${rideId}/payment`, ridePaymentSchema);

export const paymentQueryOptions = (rideId: number, enabled: boolean) =>
  queryOptions({ queryKey: paymentKeys.ride(rideId), queryFn: () => getPayment(rideId), enabled });

export function usePayment(rideId: number, enabled: boolean) {
  return useQuery(paymentQueryOptions(rideId, enabled));
}

// The member's rides kept for offline (ADR 0017) carry each one's payee where the member may
// read it: kept under the key the ride page reads.
export function keepPaymentsOffline(queryClient: QueryClient, rides: readonly OfflineRide[]) {
  for (const { ride, payment } of rides) if (payment) queryClient.setQueryData(paymentKeys.ride(ride.id), payment);
}
