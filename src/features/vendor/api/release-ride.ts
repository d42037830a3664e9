import type { Ride } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

// The assigned vendor gives the ride back, or its organiser lets the vendor go: open again.
export const releaseRide = (rideId: number) =>
  api.post<{ message: string; ride: Ride }>(`/api/rides/${rideId}/release`);

export function useReleaseRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseRide,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
