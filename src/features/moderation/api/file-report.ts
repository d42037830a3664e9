import type { FiledReport, ReportInput } from '@shared/schemas/moderation.ts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export const fileReport = (input: ReportInput) => api.post<FiledReport>('/api/reports', input);

export function useFileReport() {
  return useMutation({ mutationFn: fileReport });
}
