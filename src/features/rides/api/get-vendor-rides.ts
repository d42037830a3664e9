import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';
import type { Ride } from '@shared/types/ride.ts';

export const getVendorRides = () => api.get<Ride[]>('/api/vendor/rides');

export function useVendorRides(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: rideKeys.vendor(), queryFn: getVendorRides, enabled }));
}
