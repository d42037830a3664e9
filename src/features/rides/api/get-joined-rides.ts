import type { RidePage } from '@shared/types/ride.ts';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';

import { useUser } from '../../../lib/auth';
import { type RideListParams, ridePageQueryOptions } from './get-ride-page';

// The badge only matters on rides still to come (a past ride shows 'Past' first), so the
// member's upcoming joined rides, one page of the most the server gives, are all it needs.
const JOINED_UPCOMING: RideListParams = {
  scope: 'joined',
  time: 'upcoming',
  direction: null,
  sort: 'earliest',
  limit: 100,
};

const NONE: readonly number[] = [];

const rideIds = (data: InfiniteData<RidePage, string | null>) =>
  data.pages.flatMap((page) => page.rides.map((ride) => ride.id));

// The ids of the rides the logged-in member is a passenger on, for the cards' 'Joined' badge;
// undefined while they are not known (the session, or the list, still loading), so a card shows
// no badge rather than a wrong 'Join'. A copy restored from the offline cache counts as known,
// so a return visit has them at its first paint. Every card asks the same query, so a screen
// makes at most one request between them; a visitor makes none.
export function useJoinedRideIds(): readonly number[] | undefined {
  const { data: user, isPending } = useUser();
  const joined = useInfiniteQuery({ ...ridePageQueryOptions(JOINED_UPCOMING, Boolean(user)), select: rideIds });
  if (isPending) return undefined;
  return user ? joined.data : NONE;
}
