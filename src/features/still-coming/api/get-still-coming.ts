import { type StillComing, stillComingSchema } from '@shared/schemas/still-coming.ts';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { stillComingKeys } from '../query-keys';

export const getStillComing = (rideId: number) =>
  api.get<StillComing>(`/api/rides/${rideId}/still-coming`, stillComingSchema);

// Asked again when the member comes back to the page (a Yes tapped on the push meanwhile).
export function useStillComing(rideId: number) {
  return useQuery({
    queryKey: stillComingKeys.question(rideId),
    queryFn: () => getStillComing(rideId),
    refetchOnWindowFocus: 'always',
  });
}
