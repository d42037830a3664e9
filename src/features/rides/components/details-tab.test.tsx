import type { Ride } from '@shared/types/ride.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { makeRide } from '../../../testing/fixtures';
import { jsonResponse, renderWithProviders, stubFetch, testUser } from '../../../testing/render';
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
  const fetchMock = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/rides/1') return jsonResponse(tried && rideAfterJoin ? rideAfterJoin : ride);
    if (method === 'GET' && url === '/api/rides/1/passengers') return jsonResponse([]);
    if (method === 'GET' && url === '/api/driver-contacts') return jsonResponse([]);
    if (method === 'GET' && url === '/api/rides/1/vendor') return jsonResponse({ vendor: null });
    if (method === 'POST' && url === '/api/rides/1/join' && join) {
      tried = true;
      return join();
    }
    throw new Error(`Unexpected fetch: ${method} ${url}`);
  });
  const rendered = renderWithProviders(<RideDetailPage />, { route: '/rides/1', path: '/rides/:id', user });
  return { ...rendered, fetchMock };
}

const reads = (fetchMock: ReturnType<typeof stubFetch>, url: string) =>
  fetchMock.mock.calls.filter(([called, init]) => called === url && (init?.method ?? 'GET') === 'GET').length;

describe('DetailsTab: who gets the Join form', () => {
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
    const { user, fetchMock } = renderDetail({
      ride: makeRide({ id: 1, date: FUTURE, currentPassengers: 2 }),
      rideAfterJoin: makeRide({ id: 1, date: FUTURE, currentPassengers: 4 }),
      join: () => jsonResponse({ message: 'This ride is full' }, 409),
      user: ALICE,
    });
    await screen.findByRole('form', { name: 'Join ride' });
    await user.type(screen.getByLabelText('Your pickup location in Singapore'), 'Bedok');
    await user.click(screen.getByRole('button', { name: 'Join Ride' }));
    expect(await screen.findByText('409: This ride is full')).toBeInTheDocument();
    expect(await screen.findByText('4 / 4 passengers')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join ride' })).not.toBeInTheDocument();
    expect(reads(fetchMock, '/api/rides/1')).toBe(2);
  });
});
