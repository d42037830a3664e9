import type { OfflineRide } from '@shared/schemas/offline-rides-response.ts';
import { rideVendorAnswerSchema } from '@shared/schemas/vendor-response.ts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { vendorKeys } from '../query-keys';

// Only the ride's organiser, passengers and vendor may read it (403 for anyone else), so the
// caller says when to ask.
export const getRideVendor = (rideId: number) => api.get(`/api/rides/${rideId}/vendor`, rideVendorAnswerSchema);

export const rideVendorQueryOptions = (rideId: number, enabled: boolean) =>
  queryOptions({
    queryKey: vendorKeys.ride(rideId),
    queryFn: async () => (await getRideVendor(rideId)).vendor,
    enabled,
  });

export function useRideVendor(rideId: number, enabled: boolean) {
  return useQuery(rideVendorQueryOptions(rideId, enabled));
}

// The member's rides kept for offline (ADR 0017) carry each one's vendor where the member may
// read it: kept under the key the ride page reads.
export function keepVendorsOffline(queryClient: QueryClient, rides: readonly OfflineRide[]) {
  for (const { ride, vendor } of rides) if (vendor) queryClient.setQueryData(vendorKeys.ride(ride.id), vendor);
}
