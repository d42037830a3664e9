// Default answers for the ride chat around a ride page: its live stream
// (src/features/ride-chat/api/ride-messages-stream.ts) is absent, as the hosted api answers (404),
// so the component tests see the chat asking again instead; the chat's summary and the unread
// counts say there is nothing new, and the open chat's word that it is being looked at is taken.
// The stream itself is tested against the real api
// (tests/api/ride-chat-stream.test.ts, e2e); a test about the chat sets its own answers.
import { http, HttpResponse } from 'msw';

export const rideChatStreamHandlers = [
  http.get('*/api/rides/:id/messages/stream', () =>
    HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 }),
  ),
  http.get('*/api/rides/:id/chat', ({ params }) =>
    HttpResponse.json({ rideId: Number(params.id), unread: 0, readOnly: false, pinned: null }),
  ),
  http.get('*/api/chat/unread', () => HttpResponse.json({ total: 0, rides: [] })),
  http.put('*/api/rides/:id/messages/watching', async ({ request }) =>
    HttpResponse.json({ watching: ((await request.json()) as { watching: boolean }).watching }),
  ),
];
