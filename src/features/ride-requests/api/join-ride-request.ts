import { type RideRequest, type RideRequestMeTooInput, rideRequestSchema } from '@shared/schemas/ride-requests.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideRequestKeys } from '../query-keys';

// "Me too": the caller's party and area join a request's demand (again: they change).
export const joinRideRequest = ({ id, ...body }: RideRequestMeTooInput & { id: number }) =>
  api.post<RideRequest>(`/api/ride-requests/${id}/me-too`, body, rideRequestSchema);

export function useJoinRideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinRideRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(rideRequestKeys.one(request.id), request);
      void queryClient.invalidateQueries({ queryKey: rideRequestKeys.list() });
    },
  });
}
