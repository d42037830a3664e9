import { type SuspensionPreview, suspensionPreviewSchema } from '@shared/schemas/moderation.ts';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { moderationKeys } from '../query-keys';

export const getSuspensionPreview = (reportId: number) =>
  api.get<SuspensionPreview>(`/api/admin/reports/${reportId}/suspension-preview`, suspensionPreviewSchema);

// Asked when the admin opens the confirm step, and again each time: rides fill between two looks.
export function useSuspensionPreview(reportId: number) {
  return useQuery({
    queryKey: moderationKeys.suspensionPreview(reportId),
    queryFn: () => getSuspensionPreview(reportId),
    staleTime: 0,
  });
}
