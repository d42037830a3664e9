import { rideSeriesSchema } from '@shared/schemas/ride-series-response.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { seriesKeys } from '../query-keys';

// A weekly series with its upcoming dates and the caller's standing join (issue 27).
export const getSeries = (id: number) => api.get(`/api/series/${id}`, rideSeriesSchema);

export const seriesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: seriesKeys.detail(id),
    queryFn: () => getSeries(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useSeries(id: number) {
  return useQuery(seriesQueryOptions(id));
}
