import type { RideVendor } from '@shared/types/user.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

// Only the ride's organiser, passengers and vendor may read it (403 for anyone else), so the
// caller says when to ask. Under the ride's detail key: whatever refreshes the ride refreshes it.
export const getRideVendor = (rideId: number) => api.get<{ vendor: RideVendor | null }>(`/api/rides/${rideId}/vendor`);

export const rideVendorQueryOptions = (rideId: number, enabled: boolean) =>
  queryOptions({
    queryKey: [...rideKeys.detail(rideId), 'vendor'] as const,
    queryFn: async () => (await getRideVendor(rideId)).vendor,
    enabled,
  });

export function useRideVendor(rideId: number, enabled: boolean) {
  return useQuery(rideVendorQueryOptions(rideId, enabled));
}
