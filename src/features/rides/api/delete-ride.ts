import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';
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
    onSuccess: (_answer, { rideId, applyTo }) => {
      const detail = rideKeys.detail(rideId);
      // The lists, the counts, its series and any request it was offered for lose it; later
      // dates too, whose ids the page does not know.
      rideChanged(queryClient, { rides: applyTo === 'following' ? 'all' : [rideId], changed: ['exists'] }, [detail]);
      // Nothing may show the ride again, not even a copy kept for offline.
      queryClient.removeQueries({ queryKey: detail });
    },
  });
}
