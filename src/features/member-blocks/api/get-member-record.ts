import { type MemberRecord, memberRecordSchema } from '@shared/schemas/member-blocks.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { memberBlockKeys } from '../query-keys';

export const getMemberRecord = (userId: number) =>
  api.get<MemberRecord>(`/api/users/${userId}/record`, memberRecordSchema);

export const memberRecordQuery = (userId: number) =>
  queryOptions({ queryKey: memberBlockKeys.record(userId), queryFn: () => getMemberRecord(userId) });

export function useMemberRecord(userId: number) {
  return useQuery(memberRecordQuery(userId));
}
