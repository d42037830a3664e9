import type { QueryClient } from '@tanstack/react-query';

import { rideKeys } from '../query-keys';

// What a payment change makes stale: the passengers (their sums and shares) and the ride's detail,
// under which the payment query lives.
export function invalidateRideMoney(queryClient: QueryClient, rideId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: rideKeys.passengers(rideId) }),
    queryClient.invalidateQueries({ queryKey: rideKeys.detail(rideId) }),
  ]);
}
