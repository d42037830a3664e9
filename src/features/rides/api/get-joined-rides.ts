import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { rideKeys } from '../query-keys';
import type { Ride } from '@shared/types/ride.ts';

export const getJoinedRides = () => api.get<Ride[]>('/api/rides/user/joined');

const joinedRidesQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: rideKeys.joined(), queryFn: getJoinedRides, enabled });

// SPEC §7: only when logged in (My Rides, and the cards' 'Joined' badge below).
export function useJoinedRides(enabled: boolean) {
  return useQuery(joinedRidesQueryOptions(enabled));
}

const rideIds = (rides: Ride[]) => rides.map((ride) => ride.id);

// The ids of the rides the logged-in member is a passenger on, for the cards' 'Joined' badge.
// It shares My Rides' query and cache, so every card on a screen makes at most one request
// between them; a visitor makes none.
export function useJoinedRideIds(): readonly number[] {
  const { data: user } = useUser();
  const joined = useQuery({ ...joinedRidesQueryOptions(Boolean(user)), select: rideIds });
  return user ? (joined.data ?? []) : [];
}
