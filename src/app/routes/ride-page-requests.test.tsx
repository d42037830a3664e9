import type { Passenger, Ride } from '@shared/types/ride.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makePassenger, makePaymentSummary, makeRide } from '../../testing/fixtures';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests, type SentRequest } from '../../testing/requests';
import { server } from '../../testing/server';
import { RideDetailPageRoute } from './ride-detail-page-route';

vi.mock('../../components/location-map', () => ({ default: () => <div data-testid="map" /> }));

// Issue 38 §2: a mutation reads again only what it changed, and what its answer holds it sets
// without asking for it again. Each test counts the reads the ride page (as src/app composes it)
// makes after one change: a join, a leave, a payment.

const ALICE = testUser({ id: 7 });
const FUTURE = '2999-06-16T01:30:00.000Z';
const RIDE = makeRide({ id: 1, date: FUTURE, creatorId: 3, creatorName: 'Bob Tan', maxPassengers: 4 });
const ALICE_ABOARD = makePassenger(1, { userId: 7, paymentStatus: 'unpaid', share: 20 });

// The reads sent from `from` on, each once, as "GET /path", sorted: the same reads in any order
// compare equal, and a read made twice shows twice.
const readsAfter = (sent: SentRequest[], from: number) =>
  sent
    .slice(from)
    .filter((request) => request.method === 'GET')
    .map((request) => `GET ${request.path}`)
    .sort();

// Until no request has started for a while: a refetch set off by the answer is in the list.
async function quiet(sent: SentRequest[]) {
  let seen = -1;
  while (seen !== sent.length) {
    seen = sent.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

// The ride page with the api's state in `state`, which the test's mutation answers change.
function renderRide(state: { ride: Ride; passengers: Passenger[] }) {
  server.use(
    http.get('*/api/rides/1', () => HttpResponse.json(state.ride)),
    http.get('*/api/rides/1/passengers', () => HttpResponse.json(state.passengers)),
  );
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideDetailPageRoute />, {
    route: '/rides/1',
    path: '/rides/:id',
    user: ALICE,
  });
  return { ...rendered, sent };
}

describe('the ride page reads again only what a change changed', () => {
  it('after a join: the passengers and the queue the joiner left, not the ride the answer holds', async () => {
    const state = { ride: RIDE, passengers: [] as Passenger[] };
    server.use(
      http.post('*/api/rides/1/join', () => {
        state.ride = { ...RIDE, currentPassengers: 2 };
        state.passengers = [ALICE_ABOARD];
        return HttpResponse.json({ message: 'Successfully joined the ride', passengerId: 1, ride: state.ride });
      }),
    );
    const { sent, user } = renderRide(state);
    const form = await screen.findByRole('form', { name: 'Join ride' });
    await quiet(sent);
    const from = sent.length;

    await user.type(within(form).getByRole('textbox', { name: /location in Singapore/ }), 'Tampines MRT');
    await user.click(within(form).getByRole('button', { name: 'Join Ride' }));
    await screen.findByRole('heading', { name: "You've Joined" });
    await screen.findByRole('heading', { name: 'Your payment' });
    await quiet(sent);

    expect(readsAfter(sent, from)).toEqual([
      // Now aboard: the border checklist, its driver's contacts, Follow, the chat's pinned message
      // and the hand-over offer show for the first time, one read each.
      'GET /api/border-checklist',
      'GET /api/driver-contacts',
      'GET /api/organisers/3/follow',
      'GET /api/rides/1/chat',
      'GET /api/rides/1/handover',
      // Changed by the join and not in its answer: who is aboard, and the queue a join takes
      // the joiner out of (30_passengers_waitlist.sql).
      'GET /api/rides/1/passengers',
      // The payee, shown to a passenger only.
      'GET /api/rides/1/payment',
      'GET /api/rides/1/waitlist',
    ]);
  });

  it('after a leave: the ride, its passengers and the hand-over the leaver takes along, not the payee', async () => {
    const state = { ride: { ...RIDE, currentPassengers: 2 }, passengers: [ALICE_ABOARD] };
    server.use(
      http.delete('*/api/rides/1/passengers/1', () => {
        state.ride = RIDE;
        state.passengers = [];
        return HttpResponse.json({ message: 'Passenger Removed' });
      }),
    );
    const { sent, user } = renderRide(state);
    await screen.findByRole('heading', { name: 'Your payment' });
    await user.click(screen.getByRole('tab', { name: 'Passengers' }));
    await user.click(await screen.findByRole('button', { name: 'Leave Ride' }));
    await quiet(sent);
    const from = sent.length;

    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await screen.findByText('You left the ride');
    await screen.findByRole('heading', { name: 'No Passengers Yet' });
    await quiet(sent);

    expect(readsAfter(sent, from)).toEqual([
      'GET /api/rides/1',
      // An offer made to a passenger goes with them (59_ride_handovers.sql).
      'GET /api/rides/1/handover',
      'GET /api/rides/1/passengers',
    ]);
  });

  it('after "I\'ve paid": nothing, the answer holds the passenger’s entry', async () => {
    const state = { ride: { ...RIDE, currentPassengers: 2 }, passengers: [ALICE_ABOARD] };
    server.use(
      http.post('*/api/rides/1/payment/claim', () => {
        state.passengers = [{ ...ALICE_ABOARD, paymentStatus: 'claimed' }];
        return HttpResponse.json({ message: 'Thanks', passenger: state.passengers[0] });
      }),
    );
    const { sent, user } = renderRide(state);
    const card = (await screen.findByRole('heading', { name: 'Your payment' })).closest('section')!;
    await quiet(sent);
    const from = sent.length;

    await user.click(within(card).getByRole('button', { name: "I've paid" }));
    expect(await within(card).findByText('Says paid')).toBeInTheDocument();
    await quiet(sent);

    expect(readsAfter(sent, from)).toEqual([]);
  });

  it('after the organiser’s "Mark paid": nothing, the answer holds the entry and the totals', async () => {
    const bob = makePassenger(2, { userId: 8, paymentStatus: 'claimed', share: 20 });
    const state = { ride: { ...RIDE, creatorId: 7, currentPassengers: 2 }, passengers: [bob] };
    server.use(
      http.post('*/api/rides/1/passengers/2/payment', () => {
        state.passengers = [{ ...bob, paymentStatus: 'paid' }];
        return HttpResponse.json({
          message: 'Payment confirmed',
          passenger: state.passengers[0],
          summary: makePaymentSummary({ collected: 20, paidCount: 1, claimedCount: 0, owingCount: 0 }),
        });
      }),
    );
    const { sent, user } = renderRide(state);
    await user.click(await screen.findByRole('tab', { name: 'Passengers' }));
    const payments = (await screen.findByRole('heading', { name: 'Payments' })).closest('section')!;
    await quiet(sent);
    const from = sent.length;

    await user.click(within(payments).getByRole('button', { name: /^Mark paid/ }));
    await waitFor(() => expect(within(payments).getByRole('button', { name: /^Mark unpaid/ })).toBeInTheDocument());
    await quiet(sent);

    expect(readsAfter(sent, from)).toEqual([]);
  });
});
