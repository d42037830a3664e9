import type { RideAlert, RideAlertSaveInput } from '@shared/schemas/ride-alerts.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideAlertKeys } from '../query-keys';

// The schema's module comes with the request: this is in /home's first render, where zod is not
// (ADR 0048).
const rideAlertAnswer = () => import('@shared/schemas/ride-alerts.ts').then((module) => module.rideAlertSchema);

export const createRideAlert = (input: RideAlertSaveInput) =>
  api.post<RideAlert>('/api/ride-alerts', input, rideAlertAnswer);

export function useCreateRideAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRideAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rideAlertKeys.all }),
  });
}
