import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideRequestKeys } from '../query-keys';

export const deleteRideRequest = (id: number) => api.delete<{ message: string }>(`/api/ride-requests/${id}`);

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
