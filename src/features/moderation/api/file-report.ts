import type { ReportInput } from '@shared/schemas/moderation.ts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

// Every ride page offers the report button, few use it: the answer's schema (and the moderation
// queue's beside it) comes with the request, not with the page (ADR 0048).
const filedReportAnswer = () =>
  import('@shared/schemas/moderation-response.ts').then((module) => module.filedReportSchema);

export const fileReport = (input: ReportInput) => api.post('/api/reports', input, filedReportAnswer);

export function useFileReport() {
  return useMutation({ mutationFn: fileReport });
}
