import '../../testing/dialog-polyfill';

import type { Passenger } from '@shared/types/ride.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { HandoverButton } from '../../features/hand-overs/components/handover-button';
import { PassengersTab } from '../../features/rides/components/passengers-tab';
import { makePassenger, makeRide } from '../../testing/fixtures';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests, type SentRequest } from '../../testing/requests';
import { server } from '../../testing/server';
import { RideDetailPageRoute } from './ride-detail-page-route';

// Olivia (id 10) organises ride 1; Alice (7) and Bob (108) are aboard.
const OLIVIA = testUser({ id: 10, name: 'Olivia' });
const ALICE = testUser();
const person = (id: number, userId: number, name: string, overrides: Partial<Passenger> = {}) =>
  makePassenger(id, { userId, user: { ...makePassenger(id).user, id: userId, name }, ...overrides });
const ALICE_ENTRY = person(21, ALICE.id, 'Alice Tan');
const BOB_ENTRY = person(22, 108, 'Bob Lim');
const RIDE = makeRide({ id: 1, creatorId: OLIVIA.id, currentPassengers: 3 });
const PAST_RIDE = makeRide({ id: 1, creatorId: OLIVIA.id, date: '2020-06-16T01:30:00.000Z' });

const offerTo = (id: number, name: string) => ({
  rideId: 1,
  offeredBy: { id: OLIVIA.id, name: 'Olivia' },
  offeredTo: { id, name },
  createdAt: '2026-11-27T08:00:00.000Z',
});

const sentTo = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && request.path === path);

function renderTab(ride = RIDE, user = OLIVIA) {
  const sent = recordRequests();
  const rendered = renderWithProviders(
    <PassengersTab
      ride={ride}
      user={user}
      passengers={[ALICE_ENTRY, BOB_ENTRY]}
      isPending={false}
      error={null}
      slots={{ handover: (shown, passenger) => <HandoverButton rideId={shown.id} passenger={passenger} /> }}
    />,
    { user },
  );
  return { ...rendered, sent };
}

describe('Hand over, on the organiser’s Passengers tab (issue 26 §2)', () => {
  it('asks first, naming the passenger, then offers the ride and shows the offer with its withdrawal', async () => {
    let pending: ReturnType<typeof offerTo> | null = null;
    server.use(
      http.get('*/api/rides/1/handover', () => HttpResponse.json({ handover: pending })),
      http.post('*/api/rides/1/handover', () => {
        pending = offerTo(108, 'Bob Lim');
        return HttpResponse.json({ handover: pending }, { status: 201 });
      }),
      http.delete('*/api/rides/1/handover', () => {
        pending = null;
        return HttpResponse.json({ handover: null });
      }),
    );
    const { user, sent } = renderTab();
    const button = await screen.findByRole('button', { name: 'Hand over to Bob Lim' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Hand this ride over to Bob Lim?' });
    expect(dialog).toHaveAccessibleDescription(
      'Bob Lim is asked to organise this ride. If they accept, they become its organiser with their party and stop, and you leave the ride: your seats go to the waitlist.',
    );
    expect(sentTo(sent, 'POST', '/api/rides/1/handover')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));

    expect(await screen.findByText('Offer sent to Bob Lim')).toBeInTheDocument();
    await waitFor(() => expect(sentTo(sent, 'POST', '/api/rides/1/handover')).toHaveLength(1));
    expect(sentTo(sent, 'POST', '/api/rides/1/handover')[0]!.body).toEqual({ toUserId: 108 });
    const bob = screen.getByText('Bob Lim', { selector: 'p' }).closest('li') as HTMLElement;
    expect(await within(bob).findByText('Offered to organise')).toBeInTheDocument();
    // Alice's row still offers it: offering her replaces Bob's offer.
    expect(screen.getByRole('button', { name: 'Hand over to Alice Tan' })).toBeInTheDocument();

    await user.click(within(bob).getByRole('button', { name: 'Withdraw offer to Bob Lim' }));
    expect(await screen.findByText('Offer withdrawn')).toBeInTheDocument();
    expect(screen.getByText('Bob Lim has been told.')).toBeInTheDocument();
    expect(sentTo(sent, 'DELETE', '/api/rides/1/handover')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Hand over to Bob Lim' })).toBeInTheDocument();
  });

  it('says why an offer was refused, and Cancel sends nothing', async () => {
    server.use(
      http.post('*/api/rides/1/handover', () =>
        HttpResponse.json(
          { message: 'This ride cannot be handed over to that member', code: 'handover_not_allowed' },
          { status: 403 },
        ),
      ),
    );
    const { user, sent } = renderTab();
    const button = await screen.findByRole('button', { name: 'Hand over to Alice Tan' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(sentTo(sent, 'POST', '/api/rides/1/handover')).toEqual([]);

    await user.click(button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Could not offer the ride')).toBeInTheDocument();
    expect(screen.getByText(/This ride cannot be handed over to that member/)).toBeInTheDocument();
  });

  it('says how long to wait once the organiser has made too many offers', async () => {
    server.use(
      http.post('*/api/rides/1/handover', () =>
        HttpResponse.json(
          { message: 'Too many hand-over offers. Please try again in 12 minutes.', code: 'too_many_handover_offers' },
          { status: 429, headers: { 'Retry-After': '720' } },
        ),
      ),
    );
    const { user } = renderTab();
    const button = await screen.findByRole('button', { name: 'Hand over to Alice Tan' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Could not offer the ride')).toBeInTheDocument();
    expect(screen.getByText(/Too many hand-over offers\. Please try again in 12 minutes\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hand over to Alice Tan' })).toBeEnabled();
  });

  it('is offered to nobody but the organiser, and not once the ride has left', () => {
    renderTab(RIDE, ALICE);
    expect(screen.queryByRole('button', { name: /Hand over/ })).not.toBeInTheDocument();
    renderTab(PAST_RIDE, OLIVIA);
    expect(screen.queryByRole('button', { name: /Hand over/ })).not.toBeInTheDocument();
  });
});

describe('The offer, on the ride page of the passenger offered', () => {
  function renderPage(handover: ReturnType<typeof offerTo> | null, refuse?: Response) {
    let organiser = OLIVIA.id;
    server.use(
      http.get('*/api/rides/1', () => HttpResponse.json({ ...RIDE, creatorId: organiser })),
      http.get('*/api/rides/1/passengers', () =>
        HttpResponse.json(organiser === ALICE.id ? [BOB_ENTRY] : [ALICE_ENTRY, BOB_ENTRY]),
      ),
      http.get('*/api/rides/1/handover', () =>
        HttpResponse.json({ handover: organiser === ALICE.id ? null : handover }),
      ),
      http.post('*/api/rides/1/handover/accept', () => {
        if (refuse) return refuse;
        organiser = ALICE.id;
        return HttpResponse.json({ ride: { ...RIDE, creatorId: ALICE.id } });
      }),
      http.delete('*/api/rides/1/handover', () => HttpResponse.json({ handover: null })),
    );
    const sent = recordRequests();
    const rendered = renderWithProviders(<RideDetailPageRoute />, {
      route: '/rides/1',
      path: '/rides/:id',
      user: ALICE,
    });
    return { ...rendered, sent };
  }

  it('names the organiser, and Accept takes the ride over', async () => {
    const { user, sent } = renderPage(offerTo(ALICE.id, 'Alice Tan'));
    const banner = await screen.findByRole('region', { name: 'Offer to organise this ride' });
    expect(banner).toHaveTextContent('Olivia offers you this ride to organise');
    await user.click(within(banner).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You now organise this ride')).toBeInTheDocument();
    expect(sentTo(sent, 'POST', '/api/rides/1/handover/accept')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Offer to organise this ride' })).not.toBeInTheDocument(),
    );
  });

  it('Decline sends the refusal of the offer', async () => {
    const { user, sent } = renderPage(offerTo(ALICE.id, 'Alice Tan'));
    const banner = await screen.findByRole('region', { name: 'Offer to organise this ride' });
    await user.click(within(banner).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Offer declined')).toBeInTheDocument();
    // The organiser hears of it (app.withdraw_ride_handover): the toast says so.
    expect(screen.getByText('Olivia has been told.')).toBeInTheDocument();
    expect(sentTo(sent, 'DELETE', '/api/rides/1/handover')).toHaveLength(1);
  });

  it('says why taking over failed and keeps the offer', async () => {
    const { user } = renderPage(
      offerTo(ALICE.id, 'Alice Tan'),
      HttpResponse.json(
        { message: 'There is no offer of this ride to you', code: 'handover_not_offered' },
        { status: 404 },
      ),
    );
    const banner = await screen.findByRole('region', { name: 'Offer to organise this ride' });
    await user.click(within(banner).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Could not take the ride over')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('shows nothing when the offer is to someone else', async () => {
    const { sent } = renderPage(offerTo(108, 'Bob Lim'));
    await screen.findByRole('tab', { name: 'Passengers' });
    await waitFor(() => expect(sentTo(sent, 'GET', '/api/rides/1/handover')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Offer to organise this ride' })).not.toBeInTheDocument();
  });
});
