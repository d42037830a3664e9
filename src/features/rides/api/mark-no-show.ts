import { noShowStateSchema } from '@shared/schemas/member-blocks-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

export const markNoShow = ({ rideId, passengerId, noShow }: { rideId: number; passengerId: number; noShow: boolean }) =>
  api.post(`/api/rides/${rideId}/passengers/${passengerId}/no-show`, { noShow }, noShowStateSchema);

// The answer names the mark only; the passenger's record of trips and no-shows, shown beside
// them, changes with it: the passengers are read again.
export function useMarkNoShow(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoShow,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.passengers(rideId) }),
  });
}
