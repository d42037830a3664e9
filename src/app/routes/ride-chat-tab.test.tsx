import type { RideChatSummary, RideConversation } from '@shared/schemas/ride-chat.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makePassenger, makeRide } from '../../testing/fixtures';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests } from '../../testing/requests';
import { server } from '../../testing/server';
import { RideDetailPageRoute } from './ride-detail-page-route';

vi.mock('../../components/location-map', () => ({ default: () => <div data-testid="map" /> }));

const ALICE = testUser({ id: 7 });
const FUTURE = '2999-06-16T01:30:00.000Z';
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
      createdAt: '2999-06-15T10:00:00.000Z',
      own: false,
      pinned: false,
    },
  ],
};

const SUMMARY: RideChatSummary = { rideId: 1, unread: 0, readOnly: false, pinned: null };

// The ride page as src/app composes it: the Chat tab is the ride chat feature's, for the
// people in the conversation only, and its messages are asked for when it opens.
function renderRoute(ride: Ride, passengers: Passenger[], { route = '/rides/1', summary = SUMMARY } = {}) {
  server.use(
    http.get('*/api/rides/1/chat', () => HttpResponse.json(summary)),
    http.post('*/api/rides/1/messages/read', () => HttpResponse.json({ unread: 0 })),
    http.get('*/api/rides/1', () => HttpResponse.json(ride)),
    http.get('*/api/rides/1/passengers', () => HttpResponse.json(passengers)),
    http.get('*/api/rides/1/vendor', () => HttpResponse.json({ vendor: null })),
    http.get('*/api/rides/1/messages', () => HttpResponse.json(CONVERSATION)),
  );
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideDetailPageRoute />, { route, path: '/rides/:id', user: ALICE });
  return { ...rendered, sent };
}

describe('RideDetailPageRoute: the chat slot', () => {
  it('gives a passenger a Chat tab that loads the conversation when opened', async () => {
    const { user, sent } = renderRoute(makeRide({ id: 1, date: FUTURE }), [makePassenger(1, { userId: 7 })]);
    // The first render of the file loads the page's modules: slower than the default second.
    const tab = await screen.findByRole('tab', { name: 'Chat' }, { timeout: 5000 });
    expect(sent.some((request) => request.path === '/api/rides/1/messages')).toBe(false);
    await user.click(tab);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Pickup at exit A', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('gives the organiser the tab', async () => {
    renderRoute(makeRide({ id: 1, date: FUTURE, creatorId: 7 }), []);
    expect(await screen.findByRole('tab', { name: 'Chat' })).toBeInTheDocument();
  });

  it('gives the assigned vendor the tab', async () => {
    renderRoute(makeRide({ id: 1, date: FUTURE, status: 'assigned', vendorId: 7 }), []);
    expect(await screen.findByRole('tab', { name: 'Chat' })).toBeInTheDocument();
  });

  it('offers no tab to a member who is not on the ride', async () => {
    const { sent } = renderRoute(makeRide({ id: 1, date: FUTURE }), [makePassenger(1, { userId: 8 })]);
    await screen.findByRole('tab', { name: 'Passengers' });
    await screen.findByRole('heading', { name: 'Singapore to Forest City' });
    expect(screen.queryByRole('tab', { name: 'Chat' })).not.toBeInTheDocument();
    expect(sent.some((request) => request.path === '/api/rides/1/messages')).toBe(false);
  });

  it('shows the unread count on the tab and the pinned announcement on the details', async () => {
    const pinned = { ...CONVERSATION.messages[0]!, body: 'Pickup 7:30 at exit A', pinned: true };
    renderRoute(makeRide({ id: 1, date: FUTURE }), [makePassenger(1, { userId: 7 })], {
      summary: { ...SUMMARY, unread: 3, pinned },
    });
    expect(await screen.findByRole('tab', { name: 'Chat 3 unread' })).toBeInTheDocument();
    expect(await screen.findByRole('note', { name: 'Pinned by the organizer' })).toHaveTextContent(
      'Pickup 7:30 at exit A',
    );
  });

  it('opens on the Chat tab from a chat notification (?tab=chat)', async () => {
    renderRoute(makeRide({ id: 1, date: FUTURE }), [makePassenger(1, { userId: 7 })], { route: '/rides/1?tab=chat' });
    expect(await screen.findByText('Pickup at exit A', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  });
});
