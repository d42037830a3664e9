import type { OfflineRide, OfflineRides } from '@shared/schemas/offline-rides-response.ts';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { MY_RIDES_LISTS } from '../my-rides-lists';
import { rideKeys } from '../query-keys';
import { ridePageQueryOptions } from './get-ride-page';

// Every ride the member organises, has joined, waits for or drives (upcoming, and a few days
// past), each with what its page reads (docs/decisions/0017-the-members-rides-kept-offline.md).
// The schema's module comes with the request: this module is in /home's first render, where zod
// is not (ADR 0048).
const offlineRidesAnswer = () =>
  import('@shared/schemas/offline-rides-response.ts').then((module) => module.offlineRidesSchema);

export const getOfflineRides = () => api.get<OfflineRides>('/api/rides/user/offline', offlineRidesAnswer);

// One call, then each ride and its passengers filled under the keys its page reads, so the saved
// copy holds the rides the member never opened too; and My Rides' lists, a way onto those pages.
// The rides are handed back for the parts other features keep (the waitlist, the payee, the
// vendor, the ride chat's conversations: src/app/keep-for-offline.ts).
export async function keepRidesOffline(queryClient: QueryClient): Promise<OfflineRide[]> {
  const lists = Promise.all(
    MY_RIDES_LISTS.map((params) => queryClient.prefetchInfiniteQuery(ridePageQueryOptions(params))),
  );
  const { rides } = await getOfflineRides();
  for (const { ride, passengers } of rides) {
    queryClient.setQueryData(rideKeys.detail(ride.id), ride);
    queryClient.setQueryData(rideKeys.passengers(ride.id), passengers);
  }
  await lists;
  return rides;
}
