import { seriesLeaveResultSchema } from '@shared/schemas/ride-series-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

export interface LeaveSeriesBody {
  seriesId: number;
  // The date to leave from: it and every later one.
  fromRideId: number;
}

export const leaveSeries = ({ seriesId, fromRideId }: LeaveSeriesBody) =>
  api.post(`/api/series/${seriesId}/leave`, { fromRideId }, seriesLeaveResultSchema);

// The dates the answer names lost the member: who is aboard them is read again.
export function useLeaveSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveSeries,
    onSuccess: ({ left }, { seriesId }) =>
      rideChanged(queryClient, { rides: left, series: seriesId, changed: ['aboard'] }),
  });
}
