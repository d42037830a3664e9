import type { RideAlert, RideAlertSaveInput } from '@shared/schemas/ride-alerts.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideAlertKeys } from '../query-keys';

export const createRideAlert = (input: RideAlertSaveInput) => api.post<RideAlert>('/api/ride-alerts', input);

export function useCreateRideAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRideAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rideAlertKeys.all }),
  });
}
