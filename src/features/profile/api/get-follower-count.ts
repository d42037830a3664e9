import { followerCountSchema } from '@shared/schemas/follows-response.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { profileKeys } from '../query-keys';

// How many follow the caller's rides; never who (issue 27).
export const getFollowerCount = () => api.get('/api/followers', followerCountSchema);

export const followerCountQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.followers(), queryFn: getFollowerCount });

export function useFollowerCount() {
  return useQuery(followerCountQueryOptions());
}
