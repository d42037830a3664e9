// Told when away (issue 25): the open chat tells the api the member is looking at it, at once and
// every 20 s while it is shown and the page in view; it says goodbye when the page is hidden or the
// chat closes, and says nothing offline. What the api does with it is tested against the real
// database (tests/api/ride-chat-watching.test.ts).
import type { RideConversation } from '@shared/schemas/ride-chat.ts';
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import RideChat from './ride-chat';

const ME = testUser({ id: 101, discordUsername: 'p1', name: 'Pat' });
const PROPS = { rideId: 1, rideDate: '2030-06-15T10:00:00.000Z', organiser: false };
const CONVERSATION: RideConversation = {
  rideId: 1,
  readOnly: false,
  pinned: null,
  messages: [
    {
      id: 1,
      authorId: 10,
      authorName: 'Olivia',
      body: 'Pickup at exit A',
      createdAt: '2030-06-15T10:05:00.000Z',
      own: false,
      pinned: false,
    },
  ],
};

function serve() {
  server.use(
    http.get('*/api/rides/1/messages', () => HttpResponse.json(CONVERSATION)),
    http.post('*/api/rides/1/messages/read', () => HttpResponse.json({ unread: 0 })),
  );
}

// What the chat said about looking at it, in order.
const words = (sent: SentRequest[]) =>
  sent
    .filter((request) => request.method === 'PUT' && request.path === '/api/rides/1/messages/watching')
    .map((request) => (request.body as { watching: boolean }).watching);

// testing-library's waitFor polls on setInterval, which these tests fake: this polls on the real
// setTimeout, as long as waitFor would.
async function until(check: () => void) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

function showPage(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('the open chat says the member is looking at it', () => {
  afterEach(() => {
    // Back to jsdom's own answer.
    delete (document as { visibilityState?: unknown }).visibilityState;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('at once and every 20 s while in view; goodbye when hidden, again when back, goodbye when closed', async () => {
    // Only the repeat is on a fake clock: the requests and React run as they do.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    serve();
    const sent = recordRequests();
    const { unmount } = renderWithProviders(<RideChat {...PROPS} />, { user: ME });
    await until(() => expect(words(sent)).toEqual([true]));
    // Sent with the session, and so as to outlive a page being closed.
    expect(sent.find((request) => request.path === '/api/rides/1/messages/watching')).toMatchObject({
      credentials: 'include',
      keepalive: true,
    });

    act(() => vi.advanceTimersByTime(20_000));
    await until(() => expect(words(sent)).toEqual([true, true]));

    showPage('hidden');
    await until(() => expect(words(sent)).toEqual([true, true, false]));
    // Hidden: no word for as long as it stays hidden.
    act(() => vi.advanceTimersByTime(60_000));

    showPage('visible');
    await until(() => expect(words(sent)).toEqual([true, true, false, true]));

    unmount();
    await until(() => expect(words(sent)).toEqual([true, true, false, true, false]));
    act(() => vi.advanceTimersByTime(60_000));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(words(sent)).toEqual([true, true, false, true, false]);
  });

  it('says nothing offline, and shows nothing about it', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    serve();
    const sent = recordRequests();
    renderWithProviders(<RideChat {...PROPS} />, { user: ME });
    await screen.findByText(/Loading messages|Pickup at exit A/);
    showPage('hidden');
    showPage('visible');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(words(sent)).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
