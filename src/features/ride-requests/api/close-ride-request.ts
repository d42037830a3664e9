import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideRequestKeys } from '../query-keys';

// "Found a ride": the request leaves the lists.
export const closeRideRequest = (id: number) => api.post<RideRequest>(`/api/ride-requests/${id}/close`, {});

export function useCloseRideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeRideRequest,
    onSuccess: (closed) => {
      queryClient.setQueryData(rideRequestKeys.one(closed.id), closed);
      void queryClient.invalidateQueries({ queryKey: rideRequestKeys.list() });
    },
  });
}
