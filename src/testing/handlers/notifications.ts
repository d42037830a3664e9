// Default answers for the notification calls (src/features/notifications/api): none yet.
import { markNotificationsReadSchema } from '@shared/schemas/notifications.ts';
import type { NotificationList } from '@shared/types/notification.ts';
import { http, HttpResponse } from 'msw';

import { parsedBody } from './respond';

export const notificationsHandlers = [
  http.get('*/api/notifications', () =>
    HttpResponse.json<NotificationList>({ items: [], unread: 0, nextBefore: null }),
  ),
  http.post('*/api/notifications/read', async ({ request }) => {
    const body = await parsedBody(request, markNotificationsReadSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({ unread: 0 });
  }),
];
