import { EMBEDDED_RIDE_ELEMENT_ID } from '@shared/embedded-data.ts';
import { rideSchema } from '@shared/schemas/rides-response.ts';
import type { Ride } from '@shared/types/ride.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { mayHaveSession } from '../../../lib/auth';
import { embeddedData } from '../../../lib/embedded-data';
import { rideKeys } from '../query-keys';

export const getRide = (id: number) => api.get<Ride>(`/api/rides/${id}`, rideSchema);

// A visitor opening a shared link paints the ride the host sent with the page, while the query
// still asks the api (ADR 0020). Only a visitor's: a member's answer carries contacts the host's
// visitor read leaves out. A placeholder, so it never enters the cache or offline storage.
function embeddedRide(id: number): Ride | undefined {
  if (mayHaveSession()) return undefined;
  const ride = embeddedData(EMBEDDED_RIDE_ELEMENT_ID) as Ride | undefined;
  return ride?.id === id ? ride : undefined;
}

export const rideQueryOptions = (id: number) =>
  queryOptions({
    queryKey: rideKeys.detail(id),
    queryFn: () => getRide(id),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: () => embeddedRide(id),
  });

export function useRide(id: number) {
  return useQuery(rideQueryOptions(id));
}
