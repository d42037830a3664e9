import { followStateSchema } from '@shared/schemas/follows-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { followKeys } from '../query-keys';

export const unfollowOrganiser = (organiserId: number) =>
  api.delete(`/api/organisers/${organiserId}/follow`, followStateSchema);

export function useUnfollowOrganiser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfollowOrganiser,
    onSuccess: (answer, organiserId) => queryClient.setQueryData(followKeys.organiser(organiserId), answer),
  });
}
