import { passengerListSchema } from '@shared/schemas/passengers-response.ts';
import type { Passenger } from '@shared/types/ride.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

// For a member who is not on the ride (its organiser, a passenger, its assigned vendor) the api
// sends each passenger's name, party size and stop, with the contacts, username and drop-off
// null: row-level security keeps them for the people on the trip (issue 11).
export const getPassengers = (rideId: number) =>
  api.get<Passenger[]>(`/api/rides/${rideId}/passengers`, passengerListSchema);

// SPEC §7: only when logged in.
export function usePassengers(rideId: number, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: rideKeys.passengers(rideId), queryFn: () => getPassengers(rideId), enabled }),
  );
}
