import { type Waitlist, waitlistSchema } from '@shared/schemas/waitlist.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../../rides/query-keys';

// The caller's place in a ride's queue, how many wait, and (for the organiser) who.
export const getWaitlist = async (rideId: number): Promise<Waitlist> =>
  waitlistSchema.parse(await api.get<unknown>(`/api/rides/${rideId}/waitlist`));

export const waitlistQueryOptions = (rideId: number, enabled: boolean) =>
  queryOptions({ queryKey: rideKeys.waitlist(rideId), queryFn: () => getWaitlist(rideId), enabled });

// Members only: the api answers 401 to a visitor.
export function useWaitlist(rideId: number, enabled: boolean) {
  return useQuery(waitlistQueryOptions(rideId, enabled));
}
