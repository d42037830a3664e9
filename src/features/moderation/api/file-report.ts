import type { ReportInput } from '@shared/schemas/moderation.ts';
import { filedReportSchema } from '@shared/schemas/moderation-response.ts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export const fileReport = (input: ReportInput) => api.post('/api/reports', input, filedReportSchema);

export function useFileReport() {
  return useMutation({ mutationFn: fileReport });
}
