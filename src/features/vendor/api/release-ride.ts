import type { Ride } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

// The assigned vendor gives the ride back, or its organiser lets the vendor go: open again. The
// ride is the answer's; the lists and who drives it are read again.
export const releaseRide = (rideId: number) =>
  api.post<{ message: string; ride: Ride }>(`/api/rides/${rideId}/release`);

export function useReleaseRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseRide,
    onSuccess: ({ ride }) => rideChanged(queryClient, { rides: [ride.id], changed: ['driver'], ride }),
  });
}
