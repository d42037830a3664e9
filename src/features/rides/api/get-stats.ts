// Types only: the stats are on /home, whose first render has no zod; the schema's module comes
// with the request (ADR 0048).
import type { CommunityStats } from '@shared/schemas/stats-response.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

// As the api's contract declares it (a type only: the home screen bundles no schema).
export type Stats = CommunityStats;

const statsAnswer = () => import('@shared/schemas/stats-response.ts').then((module) => module.communityStatsSchema);

export const getStats = () => api.get<Stats>('/api/stats', statsAnswer);

export function useStats() {
  return useQuery(queryOptions({ queryKey: rideKeys.stats(), queryFn: getStats }));
}
