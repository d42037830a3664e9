import { rideSeriesSchema } from '@shared/schemas/ride-series-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';
import { seriesKeys } from '../query-keys';

export interface ExtendSeriesBody {
  seriesId: number;
  // The new last day, Singapore time, YYYY-MM-DD.
  until: string;
}

// The organiser moves the series' end later: its new dates are made (and offered to its regulars).
export const extendSeries = ({ seriesId, until }: ExtendSeriesBody) =>
  api.patch(`/api/series/${seriesId}`, { until }, rideSeriesSchema);

// The answer is the series as it is now; its new dates show in the lists and the counts.
export function useExtendSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendSeries,
    onSuccess: (series) => {
      const detail = seriesKeys.detail(series.id);
      queryClient.setQueryData(detail, series);
      rideChanged(
        queryClient,
        { rides: series.dates.map((date) => date.rideId), series: series.id, changed: ['exists'] },
        [detail],
      );
    },
  });
}
