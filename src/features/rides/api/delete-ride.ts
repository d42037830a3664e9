import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';
import type { ApplyTo } from './save-ride';

export interface DeleteRideInput {
  rideId: number;
  // A series date (issue 27): this date only, or it and every later one.
  applyTo?: ApplyTo;
}

export const deleteRide = ({ rideId, applyTo }: DeleteRideInput) =>
  api.delete<{ message: string }>(`/api/rides/${rideId}${applyTo === 'following' ? '?applyTo=following' : ''}`);

export function useDeleteRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRide,
    onSuccess: (_answer, { rideId }) => {
      queryClient.removeQueries({ queryKey: rideKeys.detail(rideId) });
      // Stats hang under the same key: one invalidation refreshes lists and counts.
      void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
