import { blockStateSchema } from '@shared/schemas/member-blocks-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export const unblockMember = (userId: number) => api.delete(`/api/blocks/${userId}`, blockStateSchema);

// As a block: what every list shows changes back, told at once (not after every refetch).
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
