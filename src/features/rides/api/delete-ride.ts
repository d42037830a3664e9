import { type MessageAnswer, messageAnswerSchema } from '@shared/schemas/message-response.ts';
import { seriesCancelResultSchema } from '@shared/schemas/ride-series-response.ts';
import type { SeriesCancelResult } from '@shared/types/ride-series.ts';
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

// One date answers a message; it and the later ones, how many dates were cancelled.
export const deleteRide = ({ rideId, applyTo }: DeleteRideInput): Promise<MessageAnswer | SeriesCancelResult> =>
  applyTo === 'following'
    ? api.delete(`/api/rides/${rideId}?applyTo=following`, seriesCancelResultSchema)
    : api.delete(`/api/rides/${rideId}`, messageAnswerSchema);

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
