import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export const blockMember = (userId: number) => api.post<{ userId: number; blocked: boolean }>(`/api/blocks/${userId}`);

// A block changes what the lists, the requests and the chats show this member, which other
// features own: every query is refreshed.
export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockMember,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
