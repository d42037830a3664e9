import { seriesCancelResultSchema } from '@shared/schemas/ride-series-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

export interface EndSeriesInput {
  seriesId: number;
  // Its upcoming dates, as the page shows them: each is cancelled.
  rideIds: readonly number[];
}

// The organiser ends the series: every upcoming date is cancelled, its passengers told once.
export const endSeries = ({ seriesId }: EndSeriesInput) =>
  api.post(`/api/series/${seriesId}/end`, undefined, seriesCancelResultSchema);

export function useEndSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSeries,
    onSuccess: (_answer, { seriesId, rideIds }) =>
      rideChanged(queryClient, { rides: rideIds, series: seriesId, changed: ['exists', 'details'] }),
  });
}
