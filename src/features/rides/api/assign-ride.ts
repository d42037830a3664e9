import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';
import type { Ride } from '@shared/types/ride.ts';

export const assignRide = (rideId: number) =>
  api.post<{ message: string; ride: Ride }>(`/api/rides/${rideId}/assign`);

export function useAssignRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRide,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
