import type { SeriesLeaveResult } from '@shared/types/ride-series.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

export interface LeaveSeriesBody {
  seriesId: number;
  // The date to leave from: it and every later one.
  fromRideId: number;
}

export const leaveSeries = ({ seriesId, fromRideId }: LeaveSeriesBody) =>
  api.post<SeriesLeaveResult>(`/api/series/${seriesId}/leave`, { fromRideId });

export function useLeaveSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveSeries,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
