import type { CommunityStats } from '@shared/schemas/stats-response.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

// As the api's contract declares it (a type only: the home screen bundles no schema).
export type Stats = CommunityStats;

export const getStats = () => api.get<Stats>('/api/stats');

export function useStats() {
  return useQuery(queryOptions({ queryKey: rideKeys.stats(), queryFn: getStats }));
}
