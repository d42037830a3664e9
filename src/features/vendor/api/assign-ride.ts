import type { Ride } from '@shared/types/ride.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';
import { rideKeys } from '../../rides/query-keys';

export const assignRide = (rideId: number) => api.post<{ message: string; ride: Ride }>(`/api/rides/${rideId}/assign`);

export function useAssignRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRide,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.all }),
    onError: (error) => {
      // A 403 means the admin has not approved this vendor (or revoked them) since the page
      // loaded: reading the member again puts the dashboard behind "Waiting for approval".
      if (error instanceof ApiError && error.status === 403)
        void queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}
