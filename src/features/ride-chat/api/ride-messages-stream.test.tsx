// The open chat's live stream as the PWA reads it (issue 39 §4): the first event is the whole
// conversation, each after it only what changed, applied where the chat reads it. The api's side
// is tested against the real api (tests/api/ride-chat-stream*.test.ts); here the reader's, on a
// stream written the way any SSE server may write it (CRLF lines, events split across chunks).
import type { RideConversation, RideConversationDelta, RideMessage } from '@shared/schemas/ride-chat.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { server } from '../../../testing/server';
import RideChat from '../components/ride-chat';
import { forgetStreamUnavailable } from './ride-messages-stream';

const ME = testUser({ id: 101, discordUsername: 'p1', name: 'Pat' });
const PROPS = { rideId: 1, rideDate: '2030-06-15T10:00:00.000Z', organiser: false };

function message(id: number, overrides: Partial<RideMessage> = {}): RideMessage {
  return {
    id,
    authorId: 10,
    authorName: 'Olivia',
    body: `Message ${id}`,
    createdAt: '2030-06-15T10:05:00.000Z',
    own: false,
    pinned: false,
    ...overrides,
  };
}

const FIRST: RideConversation = {
  rideId: 1,
  readOnly: false,
  pinned: null,
  messages: [message(1, { body: 'Pickup 7:30' }), message(2, { body: 'Wrong chat, sorry' }), message(3)],
};
// Message 2 deleted, message 1 pinned, a new one.
const DELTA: RideConversationDelta = {
  rideId: 1,
  readOnly: false,
  pinned: message(1, { body: 'Pickup 7:30', pinned: true }),
  messages: [message(1, { body: 'Pickup 7:30', pinned: true }), message(4, { body: 'At the gate' })],
  removed: [2],
};

describe('the ride chat live stream, read by the PWA', () => {
  beforeEach(() => forgetStreamUnavailable());

  it('shows the first conversation, then applies each delta: new messages in, deleted ones out', async () => {
    const encoder = new TextEncoder();
    let push!: (text: string) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
      },
    });
    let asked = 0;
    server.use(
      http.get(
        '*/api/rides/1/messages/stream',
        () => new HttpResponse(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
      ),
      http.get('*/api/rides/1/messages', () => {
        asked++;
        return HttpResponse.json(FIRST);
      }),
      http.post('*/api/rides/1/messages/read', () => HttpResponse.json({ unread: 0 })),
    );
    renderWithProviders(<RideChat {...PROPS} />, { user: ME });

    const conversation = `event: conversation\r\ndata: ${JSON.stringify(FIRST)}\r\n\r\n`;
    push(': keep-alive\r\n\r\n' + conversation.slice(0, 40));
    push(conversation.slice(40));
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Wrong chat, sorry');

    const delta = `event: delta\ndata: ${JSON.stringify(DELTA)}\n\n`;
    push(delta.slice(0, delta.length - 1));
    push(delta.slice(delta.length - 1));
    await within(list).findByText('At the gate');
    await waitFor(() => expect(within(list).queryByText('Wrong chat, sorry')).toBeNull());
    expect(within(list).getByText('Message 3')).toBeInTheDocument();
    // The pin came with the delta: the announcement shows at the top.
    expect(screen.getAllByText('Pickup 7:30').length).toBeGreaterThan(1);
    // Live: the conversation was not asked for again while the stream ran.
    expect(asked).toBeLessThanOrEqual(1);
  });
});
