import type { SeriesJoinResult } from '@shared/types/ride-series.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

export interface JoinSeriesBody {
  seriesId: number;
  passengerCount: number;
  dropoffLocation: string;
}

// Every upcoming date in one call; a full date puts the member on its waitlist.
export const joinSeries = ({ seriesId, ...body }: JoinSeriesBody) =>
  api.post<SeriesJoinResult>(`/api/series/${seriesId}/join`, body);

// Every date of the series changed: its rides, their passengers and the lists are read again.
export function useJoinSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinSeries,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.all }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: rideKeys.all });
    },
  });
}
