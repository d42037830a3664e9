import { blockStateSchema } from '@shared/schemas/member-blocks-response.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export const blockMember = (userId: number) => api.post(`/api/blocks/${userId}`, undefined, blockStateSchema);

// A block changes what the lists, the requests and the chats show this member, which other
// features own: every query is refreshed. Not awaited: the member is told as soon as the block
// is made, not after every screen's data has come back (on a slow phone, seconds later).
export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockMember,
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
