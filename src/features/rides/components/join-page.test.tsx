import type { Ride } from '@shared/types/ride.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { JoinPage } from './join-page';

// Leaflet has no place in jsdom; the map is the join page's own concern (e2e covers it).
vi.mock('../../../components/location-map', () => ({ default: () => <div data-testid="map" /> }));

const ALICE = testUser();
const VENDOR = testUser({ id: 50, discordUsername: 'ali_cars', name: 'Ali', isVendor: true });
const FUTURE = '2999-06-16T01:30:00.000Z';

// A ride with 3 spots left (1 of 4 aboard), read from the api; a join answers `join`.
function renderJoinPage({
  ride = makeRide({ id: 1, date: FUTURE }),
  rideAfterJoin,
  join = (body: { passengerCount?: number }) =>
    HttpResponse.json(
      {
        message: 'Successfully joined the ride',
        passengerId: 31,
        ride: { ...ride, currentPassengers: ride.currentPassengers + (body.passengerCount ?? 1) },
      },
      { status: 201 },
    ),
  user = ALICE,
}: {
  ride?: Ride;
  rideAfterJoin?: Ride;
  join?: (body: { passengerCount?: number }) => Response;
  user?: ReturnType<typeof testUser>;
} = {}) {
  let tried = false;
  server.use(
    http.get('*/api/rides/1', () => HttpResponse.json(tried && rideAfterJoin ? rideAfterJoin : ride)),
    http.post('*/api/rides/1/join', async ({ request }) => {
      tried = true;
      return join((await request.json()) as { passengerCount?: number });
    }),
  );
  const sent = recordRequests();
  const rendered = renderWithProviders(<JoinPage />, { route: '/rides/1/join', path: '/rides/:id/join', user });
  return { ...rendered, sent };
}

const posts = (sent: SentRequest[]) => sent.filter((request) => request.method === 'POST');
const reads = (sent: SentRequest[], url: string) =>
  sent.filter((request) => request.path === url && request.method === 'GET').length;
const partySize = () => screen.getByLabelText('Number of passengers (including you)');
const location = () => screen.getByLabelText('Your pickup location in Singapore');

describe('JoinPage: joining with a party', () => {
  it("offers the organiser's pickup as a stop, one tap, and sends it as written (issue 37 §2)", async () => {
    const { user, sent } = renderJoinPage({
      ride: makeRide({ id: 1, date: FUTURE, pickupLocation: 'Clementi MRT Station, Exit B (beside the taxi stand)' }),
    });
    await screen.findByRole('form', { name: 'Join ride' });
    const choices = screen.getByRole('group', { name: "Same as the organiser's pickup" });
    const pickup = within(choices).getByRole('button', {
      name: 'Clementi MRT Station, Exit B (beside the taxi stand)',
    });
    expect(pickup).toHaveAttribute('aria-pressed', 'false');
    await user.click(pickup);
    expect(location()).toHaveValue('Clementi MRT Station, Exit B (beside the taxi stand)');
    expect(pickup).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Join Ride' }));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]?.body).toMatchObject({
      dropoffLocation: 'Clementi MRT Station, Exit B (beside the taxi stand)',
    });
  });

  it('starts at a party of 1 and limits the field to the spots left', async () => {
    renderJoinPage();
    await screen.findByRole('form', { name: 'Join ride' });
    expect(partySize()).toHaveValue(1);
    expect(partySize()).toHaveAttribute('min', '1');
    expect(partySize()).toHaveAttribute('max', '3');
    expect(screen.getByText('1 / 4 passengers · 3 spots left')).toBeInTheDocument();
  });

  it('sends a party of 2 with rideId and the location, then goes home', async () => {
    const { user, sent } = renderJoinPage();
    await screen.findByRole('form', { name: 'Join ride' });
    await user.clear(partySize());
    await user.type(partySize(), '2');
    await user.type(location(), 'Tampines MRT');
    await user.click(screen.getByRole('button', { name: 'Join Ride' }));

    expect(await screen.findByText('You have joined the ride')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/home'));
    expect(posts(sent).map((request) => request.path)).toEqual(['/api/rides/1/join']);
    expect(posts(sent)[0]?.body).toEqual({ rideId: 1, passengerCount: 2, dropoffLocation: 'Tampines MRT' });
  });

  it("refuses a party bigger than the spots left with SPEC §5's message and toast", async () => {
    const { user, sent } = renderJoinPage();
    await screen.findByRole('form', { name: 'Join ride' });
    await user.clear(partySize());
    await user.type(partySize(), '4');
    await user.type(location(), 'Tampines MRT');
    await user.click(screen.getByRole('button', { name: 'Join Ride' }));

    expect(await screen.findByText('Number must be less than or equal to 3')).toBeInTheDocument();
    const toast = await screen.findByText('Only 3 spots remaining');
    expect(toast.closest('[role="alert"]')).not.toBeNull();
    expect(posts(sent)).toHaveLength(0);
  });

  it("says 'Only 1 spot remaining' when one is left", async () => {
    const { user, sent } = renderJoinPage({ ride: makeRide({ id: 1, date: FUTURE, currentPassengers: 3 }) });
    await screen.findByRole('form', { name: 'Join ride' });
    expect(screen.getByText('3 / 4 passengers · 1 spot left')).toBeInTheDocument();
    await user.clear(partySize());
    await user.type(partySize(), '2');
    await user.type(location(), 'Tampines MRT');
    await user.click(screen.getByRole('button', { name: 'Join Ride' }));

    expect(await screen.findByText('Number must be less than or equal to 1')).toBeInTheDocument();
    expect(await screen.findByText('Only 1 spot remaining')).toBeInTheDocument();
    expect(posts(sent)).toHaveLength(0);
  });

  it('reads the ride again after a 409, so the seats and the limit are the server’s', async () => {
    const { user, sent } = renderJoinPage({
      rideAfterJoin: makeRide({ id: 1, date: FUTURE, currentPassengers: 3 }),
      join: () => HttpResponse.json({ message: 'Only 1 spots remaining' }, { status: 409 }),
    });
    await screen.findByRole('form', { name: 'Join ride' });
    expect(reads(sent, '/api/rides/1')).toBe(1);
    await user.clear(partySize());
    await user.type(partySize(), '2');
    await user.type(location(), 'Tampines MRT');
    await user.click(screen.getByRole('button', { name: 'Join Ride' }));

    expect(await screen.findByText('409: Only 1 spots remaining')).toBeInTheDocument();
    expect(await screen.findByText('3 / 4 passengers · 1 spot left')).toBeInTheDocument();
    expect(reads(sent, '/api/rides/1')).toBe(2);
    expect(reads(sent, '/api/rides/1/passengers')).toBe(2);
    expect(screen.getByTestId('current-path')).toHaveTextContent('/rides/1/join');

    // The form now holds the server's limit.
    await user.click(screen.getByRole('button', { name: 'Join Ride' }));
    expect(await screen.findByText('Number must be less than or equal to 1')).toBeInTheDocument();
    expect(posts(sent)).toHaveLength(1);
  });

  it('offers the vendor driving the ride no Join form', async () => {
    renderJoinPage({ user: VENDOR, ride: makeRide({ id: 1, date: FUTURE, vendorId: VENDOR.id, status: 'assigned' }) });
    const heading = await screen.findByRole('heading', { name: 'Your assignment' });
    expect(heading.closest('[role="status"]')).toHaveTextContent('You are the driver assigned to this ride.');
    expect(screen.queryByRole('form', { name: 'Join ride' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Ride' })).not.toBeInTheDocument();
  });
});

describe('JoinPage: the passport reminder never sits above "This ride is full"', () => {
  const reminder = () => screen.queryByText(/Bring your passport/);
  const precedes = (first: Element, second: Element) =>
    Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

  it('shows only "This ride is full" on a full SG->FC ride', async () => {
    renderJoinPage({ ride: makeRide({ id: 1, date: FUTURE, currentPassengers: 4, maxPassengers: 4 }) });
    const full = await screen.findByRole('heading', { name: 'This ride is full' });
    expect(full.closest('[role="status"]')).toHaveTextContent('There are no spots left on this ride.');
    expect(reminder()).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join ride' })).not.toBeInTheDocument();
  });

  it('shows the reminder below the party size, so a party too big is told first', async () => {
    const { user } = renderJoinPage();
    await screen.findByRole('form', { name: 'Join ride' });
    const note = reminder()!.closest('[role="note"]')!;
    expect(precedes(partySize(), note)).toBe(true);
    expect(precedes(screen.getByRole('heading', { name: 'Singapore to Forest City' }), note)).toBe(true);

    await user.clear(partySize());
    await user.type(partySize(), '4');
    await user.click(screen.getByRole('button', { name: 'Join Ride' }));
    const tooMany = await screen.findByText('Number must be less than or equal to 3');
    expect(precedes(tooMany, note)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Dismiss passport reminder' }));
    expect(reminder()).not.toBeInTheDocument();
  });

  it('has no reminder on an FC->SG ride', async () => {
    renderJoinPage({ ride: makeRide({ id: 1, date: FUTURE, direction: 'FC->SG', dropoffLocations: ['Bedok'] }) });
    await screen.findByRole('form', { name: 'Join ride' });
    expect(reminder()).not.toBeInTheDocument();
  });
});
