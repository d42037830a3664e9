import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideRequestKeys } from '../query-keys';

export const leaveRideRequest = (id: number) => api.delete<RideRequest>(`/api/ride-requests/${id}/me-too`);

export function useLeaveRideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveRideRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(rideRequestKeys.one(request.id), request);
      void queryClient.invalidateQueries({ queryKey: rideRequestKeys.list() });
    },
  });
}
