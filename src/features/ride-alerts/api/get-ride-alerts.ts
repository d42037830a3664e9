import type { RideAlertList } from '@shared/schemas/ride-alerts.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideAlertKeys } from '../query-keys';

// Read as the api types it: Home's "Tell me when" button reads it, and zod stays out of Home's
// first render.
// The schema's module comes with the request: this is in /home's first render, where zod is not
// (ADR 0048).
const rideAlertListAnswer = () => import('@shared/schemas/ride-alerts.ts').then((module) => module.rideAlertListSchema);

export const getRideAlerts = () => api.get<RideAlertList>('/api/ride-alerts', rideAlertListAnswer);

export const rideAlertsQueryOptions = () => queryOptions({ queryKey: rideAlertKeys.list(), queryFn: getRideAlerts });

// The member's alerts that have not ended, oldest first.
export function useRideAlerts(enabled = true) {
  return useQuery({ ...rideAlertsQueryOptions(), enabled });
}
