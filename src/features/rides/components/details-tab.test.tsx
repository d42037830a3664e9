import type { Passenger, Ride } from '@shared/types/ride.ts';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makePassenger, makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { RideDetailPage } from './ride-detail-page';
import type { StopOrderSlot } from './ride-page-slots';

vi.mock('../../../components/location-map', () => ({ default: () => <div data-testid="map" /> }));

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
  const rendered = renderWithProviders(<RideDetailPage stopOrder={stopOrder} />, {
    route: '/rides/1',
    path: '/rides/:id',
    user,
  });
  return { ...rendered, sent };
}

// The stop-order feature's panel, as src/app hands it in: who it is opened for (the real panel:
// src/app/routes/sequence-panel.test.tsx).
const stopOrder: StopOrderSlot = (_ride, { asDriver }) => (
  <section aria-label="Pickup order">{asDriver ? 'Set by the driver' : 'Set by the organiser'}</section>
);

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

// Issue 37 §3 (ADR 0040): an SG->FC ride's pickup order and times, on the ride page.
describe('DetailsTab: the SG->FC pickup order', () => {
  // 8:00 am in Singapore; Olivia (10) organises, Ali drives.
  const SGFC = makeRide({ id: 1, date: '2999-06-16T00:00:00.000Z', vendorId: VENDOR.id, status: 'assigned' });
  const aboard = (id: number, userId: number, dropoffSequence: number | null, pickupTime: string | null = null) =>
    makePassenger(id, { userId, dropoffSequence, pickupTime, user: { ...makePassenger(id).user, id: userId } });

  function renderWith(ride: Ride, passengers: Passenger[], user: ReturnType<typeof testUser>) {
    server.use(http.get('*/api/rides/1/passengers', () => HttpResponse.json(passengers)));
    return renderDetail({ ride, user });
  }

  it('tells each passenger "Pickup 2 of 3 · about 8:20 am" once the order is locked', async () => {
    renderWith({ ...SGFC, sequenceLocked: true }, [aboard(1, ALICE.id, 1, '08:20'), aboard(2, 108, 2, '08:40')], ALICE);
    const line = await screen.findByTestId('own-pickup');
    expect(line).toHaveTextContent(/^Your pickupPickup 2 of 3 · about 8:20 am$/);
  });

  it('says the place alone while no time is set, and nothing while the order is a draft', async () => {
    renderWith({ ...SGFC, sequenceLocked: true }, [aboard(1, 108, 1), aboard(2, ALICE.id, 2)], ALICE);
    expect(await screen.findByTestId('own-pickup')).toHaveTextContent(/^Your pickupPickup 3 of 3$/);
    cleanup();
    renderWith(SGFC, [aboard(1, ALICE.id, null, '08:20'), aboard(2, 108, null)], ALICE);
    await screen.findByRole('region', { name: "You've Joined" });
    expect(screen.queryByTestId('own-pickup')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Pickup \d of \d/)).not.toBeInTheDocument();
  });

  it('offers the organiser and the assigned driver the pickup order, nobody else', async () => {
    const { user } = renderWith(SGFC, [aboard(1, ALICE.id, null)], VENDOR);
    await user.click(await screen.findByRole('button', { name: 'Set the pickup order' }));
    expect(await screen.findByRole('region', { name: 'Pickup order' })).toHaveTextContent('Set by the driver');
    expect(screen.getByRole('button', { name: 'Hide the pickup order' })).toHaveAttribute('aria-expanded', 'true');
    cleanup();
    renderWith(SGFC, [aboard(1, ALICE.id, null)], testUser({ id: SGFC.creatorId, name: 'Olivia' }));
    expect(await screen.findByRole('button', { name: 'Set the pickup order' })).toBeInTheDocument();
    cleanup();
    renderWith(SGFC, [aboard(1, ALICE.id, null)], ALICE);
    await screen.findByRole('region', { name: "You've Joined" });
    expect(screen.queryByRole('button', { name: 'Set the pickup order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set the drop-off order' })).not.toBeInTheDocument();
  });
});
