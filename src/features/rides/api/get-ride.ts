import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';
import type { Ride } from '@shared/types/ride.ts';

export const getRide = (id: number) => api.get<Ride>(`/api/rides/${id}`);

export const rideQueryOptions = (id: number) =>
  queryOptions({ queryKey: rideKeys.detail(id), queryFn: () => getRide(id), enabled: Number.isInteger(id) && id > 0 });

export function useRide(id: number) {
  return useQuery(rideQueryOptions(id));
}
