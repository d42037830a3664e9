import { type RideRequest, rideRequestSchema } from '@shared/schemas/ride-requests.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideRequestKeys } from '../query-keys';

// One request, whatever became of it (closed, ended, a ride offered): its own page reads it.
export const getRideRequest = (id: number): Promise<RideRequest> =>
  api.get(`/api/ride-requests/${id}`, rideRequestSchema);

export const rideRequestQueryOptions = (id: number) =>
  queryOptions({ queryKey: rideRequestKeys.one(id), queryFn: () => getRideRequest(id), enabled: id > 0 });

export function useRideRequest(id: number) {
  return useQuery(rideRequestQueryOptions(id));
}
