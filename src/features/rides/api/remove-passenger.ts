import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

export const removePassenger = ({ rideId, passengerId }: { rideId: number; passengerId: number }) =>
  api.delete<{ message: string }>(`/api/rides/${rideId}/passengers/${passengerId}`);

export function useRemovePassenger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePassenger,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
