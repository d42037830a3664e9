import { type RideRequest, type RideRequestSaveInput, rideRequestSchema } from '@shared/schemas/ride-requests.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideRequestKeys } from '../query-keys';

// POST a new request, or PATCH the caller's own (id given).
export const saveRideRequest = ({ id, ...body }: RideRequestSaveInput & { id?: number | null }) =>
  id
    ? api.patch<RideRequest>(`/api/ride-requests/${id}`, body, rideRequestSchema)
    : api.post<RideRequest>('/api/ride-requests', body, rideRequestSchema);

export function useSaveRideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRideRequest,
    onSuccess: (saved) => {
      queryClient.setQueryData(rideRequestKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: rideRequestKeys.list() });
    },
  });
}
