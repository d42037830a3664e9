import { rideChangeAnswerSchema } from '@shared/schemas/rides-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';
import { rideChanged } from '../../../lib/ride-changes';

export const assignRide = (rideId: number) =>
  api.post(`/api/rides/${rideId}/assign`, undefined, rideChangeAnswerSchema);

// One assignment at a time from the dashboard: every "Assign to me" waits while one is sent.
export const ASSIGN_RIDE_MUTATION = ['vendor', 'assign'] as const;

// The ride is the answer's; the lists and who drives it are read again.
export function useAssignRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ASSIGN_RIDE_MUTATION,
    mutationFn: assignRide,
    onSuccess: ({ ride }) => rideChanged(queryClient, { rides: [ride.id], changed: ['driver'], ride }),
    onError: (error) => {
      // A 403 means the admin has not approved this vendor (or revoked them) since the page
      // loaded: reading the member again puts the dashboard behind "Waiting for approval".
      if (error instanceof ApiError && error.status === 403)
        void queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}
