import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideRequestKeys } from '../query-keys';

// The open requests whose window is not over, soonest first (issue 24 §1). Few enough to read
// whole: Home filters them on screen as it does its rides.
// Read as the api types it, like the rides' pages: parsing would bring zod into Home's first render.
// The schema's module comes with the request: this is in /home's first render, where zod is not
// (ADR 0048).
const rideRequestListAnswer = () =>
  import('@shared/schemas/ride-requests.ts').then((module) => module.rideRequestListSchema);

export const getRideRequests = () => api.get<RideRequest[]>('/api/ride-requests', rideRequestListAnswer);

export const rideRequestsQueryOptions = () =>
  queryOptions({ queryKey: rideRequestKeys.list(), queryFn: getRideRequests });

// enabled: Home asks once its rides are on screen, so the count on its tab never delays them.
export function useRideRequests(enabled = true) {
  return useQuery({ ...rideRequestsQueryOptions(), enabled });
}
