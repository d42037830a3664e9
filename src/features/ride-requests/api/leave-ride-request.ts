import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

export const leaveRideRequest = (id: number) => api.delete<RideRequest>(`/api/ride-requests/${id}/me-too`);

export function useLeaveRideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveRideRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(rideKeys.request(request.id), request);
      void queryClient.invalidateQueries({ queryKey: rideKeys.requests() });
    },
  });
}
