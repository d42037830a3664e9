// Issue 27 on a series date's screens: the ride page names its series and next dates, joins
// every date beside this one, and lets a passenger leave this date or the rest; Home's card says
// Weekly.
import type { Ride } from '@shared/types/ride.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { RideCard } from '../../features/rides/components/ride-card';
import { makePassenger, makeRide } from '../../testing/fixtures';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests, type SentRequest } from '../../testing/requests';
import { server } from '../../testing/server';
import { JoinPageRoute } from './join-page-route';
import { RideDetailPageRoute } from './ride-detail-page-route';

vi.mock('../../components/location-map', () => ({ default: () => <div data-testid="map" /> }));

const ALICE = testUser({ id: 7 });
// Ride 1 is the series' first date (fixtures.ts makeSeries): Monday 17 June 2030.
const seriesDate = (overrides: Partial<Ride> = {}) => ({
  ...makeRide({ id: 1, date: '2030-06-17T01:30:00.000Z', ...overrides }),
  seriesId: 5,
});

function renderDetail(ride: Ride, passengers = [] as ReturnType<typeof makePassenger>[]) {
  server.use(
    http.get('*/api/rides/1', () => HttpResponse.json(ride)),
    http.get('*/api/rides/1/passengers', () => HttpResponse.json(passengers)),
  );
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideDetailPageRoute />, { route: '/rides/1', path: '/rides/:id', user: ALICE });
  return { ...rendered, sent };
}

const posted = (sent: SentRequest[], path: string) =>
  sent.find((request) => request.method === 'POST' && request.path === path);

describe('Ride page of a series date', () => {
  it('names its series, linked to the series page, and its next dates', async () => {
    renderDetail(seriesDate());
    const title = await screen.findByRole('link', { name: 'Weekly · Mon, Fri · until Fri, 26 Jul' });
    expect(title).toHaveAttribute('href', '/series/5');
    const card = screen.getByRole('region', { name: 'Weekly · Mon, Fri · until Fri, 26 Jul' });
    const next = within(card).getAllByRole('listitem');
    // The dates after this one: rides 2 and 3.
    expect(next.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual(['/rides/2', '/rides/3']);
  });

  it('shows nothing of a series on a single ride, and asks for none', async () => {
    const { sent } = renderDetail(makeRide({ id: 1, date: '2030-06-17T01:30:00.000Z' }));
    await screen.findByRole('form', { name: 'Join ride' });
    expect(screen.queryByRole('button', { name: 'Join every date from now' })).toBeNull();
    expect(sent.some((request) => request.path.startsWith('/api/series/'))).toBe(false);
  });

  it('joins every date from now from the same fields as this date', async () => {
    const { user, sent } = renderDetail(seriesDate());
    const form = await screen.findByRole('form', { name: 'Join ride' });
    await user.type(within(form).getByLabelText('Your pickup location in Singapore'), 'Bedok Mall');
    await user.click(within(form).getByRole('button', { name: 'Join every date from now' }));
    await waitFor(() => expect(posted(sent, '/api/series/5/join')).toBeDefined());
    expect(posted(sent, '/api/series/5/join')?.body).toEqual({ passengerCount: 1, dropoffLocation: 'Bedok Mall' });
    expect(posted(sent, '/api/rides/1/join')).toBeUndefined();
    expect(await screen.findByText('Joined the series')).toBeInTheDocument();
  });

  it('lets a passenger leave this date only', async () => {
    const mine = makePassenger(3, { userId: ALICE.id });
    const { user, sent } = renderDetail(seriesDate({ currentPassengers: 2 }), [mine]);
    await user.click(await screen.findByRole('button', { name: 'Leave this date' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave this date?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave this date' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE')).toBe(true));
    expect(sent.find((request) => request.method === 'DELETE')?.path).toBe('/api/rides/1/passengers/3');
    expect(posted(sent, '/api/series/5/leave')).toBeUndefined();
  });

  it('lets a passenger leave this and later dates', async () => {
    const mine = makePassenger(3, { userId: ALICE.id });
    const { user, sent } = renderDetail(seriesDate({ currentPassengers: 2 }), [mine]);
    await user.click(await screen.findByRole('button', { name: 'Leave this and later dates' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave this and later dates?' });
    expect(dialog).toHaveTextContent(/and every later date of the series/);
    await user.click(within(dialog).getByRole('button', { name: 'Leave this and later dates' }));
    await waitFor(() => expect(posted(sent, '/api/series/5/leave')).toBeDefined());
    expect(posted(sent, '/api/series/5/leave')?.body).toEqual({ fromRideId: 1 });
    expect(await screen.findByText('You left this and later dates')).toBeInTheDocument();
  });
});

describe('Join page of a series date', () => {
  it('offers every date from now beside this date, and opens the series after', async () => {
    server.use(http.get('*/api/rides/1', () => HttpResponse.json(seriesDate())));
    const sent = recordRequests();
    const { user } = renderWithProviders(<JoinPageRoute />, {
      route: '/rides/1/join',
      path: '/rides/:id/join',
      user: ALICE,
    });
    const form = await screen.findByRole('form', { name: 'Join ride' });
    await user.type(within(form).getByLabelText('Your pickup location in Singapore'), 'Bedok Mall');
    await user.click(within(form).getByRole('button', { name: 'Join every date from now' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/series/5'));
    expect(posted(sent, '/api/series/5/join')?.body).toEqual({ passengerCount: 1, dropoffLocation: 'Bedok Mall' });
  });
});

describe("Home's card of a series date", () => {
  it('says Weekly on a series date only', () => {
    const { unmount } = renderWithProviders(
      <RideCard ride={seriesDate({ date: '2999-06-16T01:30:00.000Z' })} currentUserId={null} />,
      {
        user: null,
      },
    );
    expect(screen.getByText('Weekly')).toBeInTheDocument();
    unmount();
    renderWithProviders(<RideCard ride={makeRide({ date: '2999-06-16T01:30:00.000Z' })} currentUserId={null} />, {
      user: null,
    });
    expect(screen.queryByText('Weekly')).toBeNull();
  });
});
