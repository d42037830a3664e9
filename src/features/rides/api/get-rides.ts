import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';
import type { Ride } from '@shared/types/ride.ts';

export const getRides = () => api.get<Ride[]>('/api/rides');

export const ridesQueryOptions = () => queryOptions({ queryKey: rideKeys.list(), queryFn: getRides });

export function useRides() {
  return useQuery(ridesQueryOptions());
}
