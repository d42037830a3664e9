import { type StillComing, stillComingSchema } from '@shared/schemas/still-coming.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { stillComingKeys } from '../query-keys';

export const remindStillComing = (rideId: number) =>
  api.post<StillComing>(`/api/rides/${rideId}/still-coming/remind`, {}, stillComingSchema);

export function useRemindStillComing(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => remindStillComing(rideId),
    onSuccess: (question) => queryClient.setQueryData(stillComingKeys.question(rideId), question),
  });
}
