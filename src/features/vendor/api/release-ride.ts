import { rideChangeAnswerSchema } from '@shared/schemas/rides-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

// The assigned vendor gives the ride back, or its organiser lets the vendor go: open again. The
// ride is the answer's; the lists and who drives it are read again.
export const releaseRide = (rideId: number) =>
  api.post(`/api/rides/${rideId}/release`, undefined, rideChangeAnswerSchema);

export function useReleaseRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseRide,
    onSuccess: ({ ride }) => rideChanged(queryClient, { rides: [ride.id], changed: ['driver'], ride }),
  });
}
