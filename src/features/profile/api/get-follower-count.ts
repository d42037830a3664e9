import type { FollowerCount } from '@shared/types/follows.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { profileKeys } from '../query-keys';

// How many follow the caller's rides; never who (issue 27).
export const getFollowerCount = () => api.get<FollowerCount>('/api/followers');

export const followerCountQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.followers(), queryFn: getFollowerCount });

export function useFollowerCount() {
  return useQuery(followerCountQueryOptions());
}
