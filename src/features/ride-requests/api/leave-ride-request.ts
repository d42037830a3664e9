import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideRequestKeys } from '../query-keys';

// The schema's module comes with the request: this is in /home's first render, where zod is not
// (ADR 0048).
const rideRequestAnswer = () => import('@shared/schemas/ride-requests.ts').then((module) => module.rideRequestSchema);

export const leaveRideRequest = (id: number) =>
  api.delete<RideRequest>(`/api/ride-requests/${id}/me-too`, rideRequestAnswer);

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
