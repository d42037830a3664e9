import { type BlockedMember, blockedMembersSchema } from '@shared/schemas/member-blocks.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { memberBlockKeys } from '../query-keys';

export const getBlockedMembers = () => api.get<BlockedMember[]>('/api/blocks', blockedMembersSchema);

export const blockedMembersQuery = () => queryOptions({ queryKey: memberBlockKeys.list(), queryFn: getBlockedMembers });

export function useBlockedMembers(enabled = true) {
  return useQuery({ ...blockedMembersQuery(), enabled });
}
