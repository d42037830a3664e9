import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';
import type { Ride } from '@shared/types/ride.ts';

export const getJoinedRides = () => api.get<Ride[]>('/api/rides/user/joined');

// SPEC §7: only when logged in and on My Rides.
export function useJoinedRides(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: rideKeys.joined(), queryFn: getJoinedRides, enabled }));
}
