import { seriesJoinResultSchema } from '@shared/schemas/ride-series-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

export interface JoinSeriesBody {
  seriesId: number;
  passengerCount: number;
  dropoffLocation: string;
}

// Every upcoming date in one call; a full date puts the member on its waitlist.
export const joinSeries = ({ seriesId, ...body }: JoinSeriesBody) =>
  api.post(`/api/series/${seriesId}/join`, body, seriesJoinResultSchema);

// Who is aboard (or waiting) changed on the dates the answer names: those, the series and the
// lists are read again. A 409 means the series on screen was out of date: the same, for all of it.
export function useJoinSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinSeries,
    onSuccess: ({ joined, waitlisted }, { seriesId }) =>
      rideChanged(queryClient, { rides: [...joined, ...waitlisted], series: seriesId, changed: ['aboard'] }),
    onError: (error, { seriesId }) => {
      if (error instanceof ApiError && error.status === 409)
        rideChanged(queryClient, { rides: [], series: seriesId, changed: ['aboard'] });
    },
  });
}
