// Default answers for moderation (src/features/moderation/api): an empty queue, and every report
// and action accepted once the api's schema accepts its body.
import type { ModerationQueue } from '@shared/schemas/moderation.ts';
import { moderationActionSchema, reportSchema, suspendSchema } from '@shared/schemas/moderation.ts';
import { http, HttpResponse } from 'msw';

import { parsedBody } from './respond';

export const moderationHandlers = [
  http.get('*/api/admin/moderation', () =>
    HttpResponse.json<ModerationQueue>({ reports: [], suspensions: [], log: [] }),
  ),
  http.post('*/api/reports', async ({ request }) => {
    const body = await parsedBody(request, reportSchema);
    if ('refused' in body) return body.refused;
    const { targetKind, targetId, reason } = body.data;
    return HttpResponse.json({ id: 1, targetKind, targetId, reason, status: 'open' }, { status: 201 });
  }),
  http.post('*/api/admin/reports/:id/suspend', async ({ request }) => {
    const body = await parsedBody(request, suspendSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({ message: 'Member suspended' });
  }),
  http.post('*/api/admin/reports/:id/:action', async ({ request }) => {
    const body = await parsedBody(request, moderationActionSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({ message: 'Done' });
  }),
  http.post('*/api/admin/suspensions/:userId/lift', async ({ request }) => {
    const body = await parsedBody(request, moderationActionSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({ message: 'Suspension lifted' });
  }),
];
