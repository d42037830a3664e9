import { followStateSchema } from '@shared/schemas/follows-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { followKeys } from '../query-keys';

// Only an organiser the caller rode with (the database refuses anyone else).
export const followOrganiser = (organiserId: number) =>
  api.post(`/api/organisers/${organiserId}/follow`, undefined, followStateSchema);

export function useFollowOrganiser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followOrganiser,
    onSuccess: (answer, organiserId) => queryClient.setQueryData(followKeys.organiser(organiserId), answer),
  });
}
