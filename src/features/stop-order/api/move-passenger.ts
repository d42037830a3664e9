import { passengersChangeAnswerSchema } from '@shared/schemas/passengers-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';

export interface MovePassengerInput {
  rideId: number;
  passengerId: number;
  sequence: number;
}

export const movePassenger = ({ rideId, passengerId, sequence }: MovePassengerInput) =>
  api.patch(`/api/rides/${rideId}/passengers/${passengerId}/sequence`, { sequence }, passengersChangeAnswerSchema);

export function useMovePassenger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: movePassenger,
    onSuccess: ({ passengers }, { rideId }) => rideChanged(queryClient, { rides: [rideId], changed: [], passengers }),
    // On failure the local order is wrong: read the true one again.
    onError: (_error, { rideId }) => rideChanged(queryClient, { rides: [rideId], changed: ['order'] }),
  });
}
