// Default answer for the border checklist (src/features/border-checklist/api): an empty list,
// which the api's own schema accepts.
import type { BorderChecklistItem } from '@shared/schemas/border-checklist.ts';
import { http, HttpResponse } from 'msw';

export const borderChecklistHandlers = [
  http.get('*/api/border-checklist', () => HttpResponse.json<BorderChecklistItem[]>([])),
];
