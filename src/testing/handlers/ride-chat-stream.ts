// Default answer for the ride chat's live stream (src/features/ride-chat/api/ride-messages-stream.ts):
// none, as the hosted api answers (404), so the component tests see the chat asking again instead.
// The stream itself is tested against the real api (tests/api/ride-chat-stream.test.ts, e2e).
import { http, HttpResponse } from 'msw';

export const rideChatStreamHandlers = [
  http.get('*/api/rides/:id/messages/stream', () =>
    HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 }),
  ),
];
