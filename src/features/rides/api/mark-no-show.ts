import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

export const markNoShow = ({ rideId, passengerId, noShow }: { rideId: number; passengerId: number; noShow: boolean }) =>
  api.post<{ passengerId: number; noShow: boolean }>(`/api/rides/${rideId}/passengers/${passengerId}/no-show`, {
    noShow,
  });

export function useMarkNoShow(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoShow,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rideKeys.passengers(rideId) }),
  });
}
