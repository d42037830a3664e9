import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideRequestKeys } from '../query-keys';

// "Found a ride": the request leaves the lists.
// The schema's module comes with the request: this is in /home's first render, where zod is not
// (ADR 0048).
const rideRequestAnswer = () => import('@shared/schemas/ride-requests.ts').then((module) => module.rideRequestSchema);

export const closeRideRequest = (id: number) =>
  api.post<RideRequest>(`/api/ride-requests/${id}/close`, {}, rideRequestAnswer);

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
