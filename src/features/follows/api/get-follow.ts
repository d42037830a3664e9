import { followStateSchema } from '@shared/schemas/follows-response.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { followKeys } from '../query-keys';

// Whether the caller follows the organiser (issue 27).
export const getFollow = (organiserId: number) => api.get(`/api/organisers/${organiserId}/follow`, followStateSchema);

export const followQueryOptions = (organiserId: number) =>
  queryOptions({ queryKey: followKeys.organiser(organiserId), queryFn: () => getFollow(organiserId) });

export function useFollow(organiserId: number) {
  return useQuery(followQueryOptions(organiserId));
}
