import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

export interface Stats {
  totalRides: number;
  totalUsers: number;
}

export const getStats = () => api.get<Stats>('/api/stats');

export function useStats() {
  return useQuery(queryOptions({ queryKey: rideKeys.stats(), queryFn: getStats }));
}
