import { type TripDay, tripDaySchema } from '@shared/schemas/trip-day-response.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { tripDayKeys } from '../query-keys';

export const getTripDay = (rideId: number) => api.get<TripDay>(`/api/rides/${rideId}/trip`, tripDaySchema);

// The day changes by the minute: asked again every 15 s while the card is on screen, and at once
// when the chat's stream says the ride changed (src/app wires it).
export const tripDayQueryOptions = (rideId: number) =>
  queryOptions({
    queryKey: tripDayKeys.trip(rideId),
    queryFn: () => getTripDay(rideId),
    refetchInterval: 15_000,
    refetchOnWindowFocus: 'always',
  });

export function useTripDay(rideId: number) {
  return useQuery(tripDayQueryOptions(rideId));
}
