import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys, statsKeys } from '../../../lib/query-keys';

export const deleteRide = (id: number) => api.delete<{ message: string }>(`/api/rides/${id}`);

export function useDeleteRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRide,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: rideKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: rideKeys.all });
      void queryClient.invalidateQueries({ queryKey: statsKeys.all });
    },
  });
}
