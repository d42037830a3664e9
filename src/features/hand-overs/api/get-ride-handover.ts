import { handoverAnswerSchema } from '@shared/schemas/ride-handovers-response.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { handoverKeys } from '../query-keys';

// The ride's pending hand-over, if the caller made it or is offered it; null otherwise.
export const getRideHandover = async (rideId: number) =>
  (await api.get(`/api/rides/${rideId}/handover`, handoverAnswerSchema)).handover;

export const rideHandoverQueryOptions = (rideId: number, enabled: boolean) =>
  queryOptions({ queryKey: handoverKeys.ride(rideId), queryFn: () => getRideHandover(rideId), enabled });

// Members only: the api answers 401 to a visitor.
export function useRideHandover(rideId: number, enabled: boolean) {
  return useQuery(rideHandoverQueryOptions(rideId, enabled));
}
