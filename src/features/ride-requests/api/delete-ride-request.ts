import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideRequestKeys } from '../query-keys';

// The schema's module comes with the request: this is in /home's first render, where zod is not
// (ADR 0048).
const deletedAnswer = () =>
  import('@shared/schemas/ride-requests-response.ts').then((module) => module.rideRequestDeletedSchema);

export const deleteRideRequest = (id: number) => api.delete(`/api/ride-requests/${id}`, deletedAnswer);

export function useDeleteRideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRideRequest,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: rideRequestKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: rideRequestKeys.list() });
    },
  });
}
