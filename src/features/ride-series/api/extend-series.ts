import type { RideSeries } from '@shared/types/ride-series.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

export interface ExtendSeriesBody {
  seriesId: number;
  // The new last day, Singapore time, YYYY-MM-DD.
  until: string;
}

// The organiser moves the series' end later: its new dates are made (and offered to its regulars).
export const extendSeries = ({ seriesId, until }: ExtendSeriesBody) =>
  api.patch<RideSeries>(`/api/series/${seriesId}`, { until });

export function useExtendSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendSeries,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
