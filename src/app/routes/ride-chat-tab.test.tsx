import type { RideConversation } from '@shared/schemas/ride-chat.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makePassenger, makeRide } from '../../testing/fixtures';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests } from '../../testing/requests';
import { server } from '../../testing/server';
import { RideDetailPageRoute } from './ride-detail-page-route';

vi.mock('../../features/rides/components/location-map', () => ({ default: () => <div data-testid="map" /> }));

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

// The ride page as src/app composes it: the Chat tab is the ride chat feature's, for the
// people in the conversation only, and its messages are asked for when it opens.
function renderRoute(ride: Ride, passengers: Passenger[]) {
  server.use(
    http.get('*/api/rides/1', () => HttpResponse.json(ride)),
    http.get('*/api/rides/1/passengers', () => HttpResponse.json(passengers)),
    http.get('*/api/rides/1/vendor', () => HttpResponse.json({ vendor: null })),
    http.get('*/api/rides/1/messages', () => HttpResponse.json(CONVERSATION)),
  );
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideDetailPageRoute />, { route: '/rides/1', path: '/rides/:id', user: ALICE });
  return { ...rendered, sent };
}

describe('RideDetailPageRoute: the chat slot', () => {
  it('gives a passenger a Chat tab that loads the conversation when opened', async () => {
    const { user, sent } = renderRoute(makeRide({ id: 1, date: FUTURE }), [makePassenger(1, { userId: 7 })]);
    const tab = await screen.findByRole('tab', { name: 'Chat' });
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
});
