import { messageAnswerSchema } from '@shared/schemas/message-response.ts';
import type { ModerationActionInput, SuspendInput } from '@shared/schemas/moderation.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

// The admin's three answers to a report: dismiss it, hide its target, suspend its member.
export type ModerationAction =
  | ({ action: 'dismiss' | 'hide'; reportId: number } & ModerationActionInput)
  | ({ action: 'suspend'; reportId: number } & SuspendInput);

export const moderateReport = ({ action, reportId, ...body }: ModerationAction) =>
  api.post(`/api/admin/reports/${reportId}/${action}`, body, messageAnswerSchema);

export function useModerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReport,
    // A hidden ride or a suspended member's cancelled rides leave the lists too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
