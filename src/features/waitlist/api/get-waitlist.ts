import type { OfflineRide } from '@shared/schemas/offline-rides-response.ts';
import { type Waitlist, waitlistSchema } from '@shared/schemas/waitlist.ts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { waitlistKeys } from '../query-keys';

// The caller's place in a ride's queue, how many wait, and (for the organiser) who.
export const getWaitlist = (rideId: number): Promise<Waitlist> =>
  api.get(`/api/rides/${rideId}/waitlist`, waitlistSchema);

export const waitlistQueryOptions = (rideId: number, enabled: boolean) =>
  queryOptions({ queryKey: waitlistKeys.ride(rideId), queryFn: () => getWaitlist(rideId), enabled });

// Members only: the api answers 401 to a visitor.
export function useWaitlist(rideId: number, enabled: boolean) {
  return useQuery(waitlistQueryOptions(rideId, enabled));
}

// The member's rides kept for offline (ADR 0017) carry each one's queue: kept under the key the
// ride page reads.
export function keepWaitlistsOffline(queryClient: QueryClient, rides: readonly OfflineRide[]) {
  for (const { ride, waitlist } of rides) queryClient.setQueryData(waitlistKeys.ride(ride.id), waitlist);
}
