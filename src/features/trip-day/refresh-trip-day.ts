import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { tripDayKeys } from './query-keys';

// The ride's chat heard of a change the app wrote (a car step, a passenger's, someone leaving):
// the Today card reads the trip again at once instead of at its next 15 s. Kept apart from the
// trip's query so the ride page's first render does not carry its schema.
export function useRefreshTripDay(): (rideId: number) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (rideId: number) => void queryClient.invalidateQueries({ queryKey: tripDayKeys.trip(rideId) }),
    [queryClient],
  );
}
