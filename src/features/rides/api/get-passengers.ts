import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';
import type { Passenger } from '@shared/types/ride.ts';

export const getPassengers = (rideId: number) => api.get<Passenger[]>(`/api/rides/${rideId}/passengers`);

// SPEC §7: only when logged in.
export function usePassengers(rideId: number, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: rideKeys.passengers(rideId), queryFn: () => getPassengers(rideId), enabled }),
  );
}
