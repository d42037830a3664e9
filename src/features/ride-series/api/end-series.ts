import type { SeriesCancelResult } from '@shared/types/ride-series.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

// The organiser ends the series: every upcoming date is cancelled, its passengers told once.
export const endSeries = (seriesId: number) => api.post<SeriesCancelResult>(`/api/series/${seriesId}/end`);

export function useEndSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSeries,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
