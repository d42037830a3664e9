import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

export const deleteRide = (id: number) => api.delete<{ message: string }>(`/api/rides/${id}`);

export function useDeleteRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRide,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: rideKeys.detail(id) });
      // Stats hang under the same key: one invalidation refreshes lists and counts.
      void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
