import type { Ride } from '@shared/types/ride.ts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { RideDetailPage } from './ride-detail-page';

vi.mock('./location-map', () => ({ default: () => <div data-testid="map" /> }));

const ALICE = testUser();
const VENDOR = testUser({ id: 50, discordUsername: 'ali_cars', name: 'Ali', isVendor: true });
const FUTURE = '2999-06-16T01:30:00.000Z';

function renderDetail({
  ride,
  user,
  rideAfterJoin,
  join,
}: {
  ride: Ride;
  user: ReturnType<typeof testUser>;
  rideAfterJoin?: Ride;
  join?: () => Response;
}) {
  let tried = false;
  server.use(
    http.get('*/api/rides/1', () => HttpResponse.json(tried && rideAfterJoin ? rideAfterJoin : ride)),
    ...(join
      ? [
          http.post('*/api/rides/1/join', () => {
            tried = true;
            return join();
          }),
        ]
      : []),
  );
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideDetailPage />, { route: '/rides/1', path: '/rides/:id', user });
  return { ...rendered, sent };
}

const reads = (sent: SentRequest[], url: string) =>
  sent.filter((request) => request.path === url && request.method === 'GET').length;

describe('DetailsTab: who gets the Join form', () => {
  it('marks a full ride Full, not Open and Full side by side (issue 37 §6)', async () => {
    renderDetail({ ride: makeRide({ id: 1, date: FUTURE, currentPassengers: 4, status: 'open' }), user: ALICE });
    await screen.findByRole('heading', { name: 'Singapore to Forest City' });
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(screen.queryByText('Open')).not.toBeInTheDocument();
  });

  it('still says a driver is assigned on a full ride', async () => {
    renderDetail({ ride: makeRide({ id: 1, date: FUTURE, currentPassengers: 4, status: 'assigned' }), user: ALICE });
    await screen.findByRole('heading', { name: 'Singapore to Forest City' });
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(screen.getByText('Driver Assigned')).toBeInTheDocument();
  });

  it('offers a member with room the Join form, in SPEC §5’s words', async () => {
    renderDetail({ ride: makeRide({ id: 1, date: FUTURE, currentPassengers: 3 }), user: ALICE });
    expect(await screen.findByRole('form', { name: 'Join ride' })).toBeInTheDocument();
    expect(screen.getByText('Only 1 spot remaining.')).toBeInTheDocument();
    expect(screen.getByText('3 / 4 passengers · 1 spot left')).toBeInTheDocument();
  });

  it('offers the vendor driving the ride no passenger Join form', async () => {
    renderDetail({ ride: makeRide({ id: 1, date: FUTURE, vendorId: VENDOR.id, status: 'assigned' }), user: VENDOR });
    await screen.findByRole('heading', { name: 'Singapore to Forest City' });
    expect(screen.getByText('Your assignment')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join ride' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Ride' })).not.toBeInTheDocument();
  });

  it('offers a member the form on a ride another vendor drives', async () => {
    renderDetail({ ride: makeRide({ id: 1, date: FUTURE, vendorId: 51, status: 'assigned' }), user: ALICE });
    expect(await screen.findByRole('form', { name: 'Join ride' })).toBeInTheDocument();
    expect(screen.queryByText('Your assignment')).not.toBeInTheDocument();
  });

  it('reads the ride again after a 409 from the detail page’s form', async () => {
    const { user, sent } = renderDetail({
      ride: makeRide({ id: 1, date: FUTURE, currentPassengers: 2 }),
      rideAfterJoin: makeRide({ id: 1, date: FUTURE, currentPassengers: 4 }),
      join: () => HttpResponse.json({ message: 'This ride is full' }, { status: 409 }),
      user: ALICE,
    });
    await screen.findByRole('form', { name: 'Join ride' });
    await user.type(screen.getByLabelText('Your pickup location in Singapore'), 'Bedok');
    await user.click(screen.getByRole('button', { name: 'Join Ride' }));
    expect(await screen.findByText('409: This ride is full')).toBeInTheDocument();
    expect(await screen.findByText('4 / 4 passengers')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join ride' })).not.toBeInTheDocument();
    expect(reads(sent, '/api/rides/1')).toBe(2);
  });
});
