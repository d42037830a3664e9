import { rideAlertDeletedSchema } from '@shared/schemas/ride-alerts-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideAlertKeys } from '../query-keys';

export const deleteRideAlert = (id: number) => api.delete(`/api/ride-alerts/${id}`, rideAlertDeletedSchema);

export function useDeleteRideAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRideAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rideAlertKeys.all }),
  });
}
