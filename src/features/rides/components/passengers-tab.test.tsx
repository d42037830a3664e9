import type { Passenger, Ride } from '@shared/types/ride.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePassenger, makeRide } from '../../../testing/fixtures';
import { jsonResponse, renderWithProviders, stubFetch, testUser } from '../../../testing/render';
import { PassengersTab } from './passengers-tab';
import { RideDetailPage } from './ride-detail-page';

// The member looking: Alice (id 7), a passenger on Olivia's ride (creator 10).
const ALICE = testUser();
const person = (id: number, userId: number, name: string, overrides: Partial<Passenger> = {}) =>
  makePassenger(id, { userId, user: { ...makePassenger(id).user, id: userId, name }, ...overrides });
const ALICE_ENTRY = person(21, ALICE.id, 'Alice Tan', { dropoffLocation: 'Tampines MRT', passengerCount: 2 });
const BOB_ENTRY = person(22, 108, 'Bob Lim', { dropoffLocation: 'Bedok Mall' });
const RIDE = makeRide({ id: 1, currentPassengers: 4 });
const PAST_RIDE = makeRide({ id: 1, date: '2020-06-16T01:30:00.000Z' });

function renderTab(ride: Ride, passengers: Passenger[], user = ALICE) {
  const fetchMock = stubFetch();
  renderWithProviders(<PassengersTab ride={ride} user={user} passengers={passengers} isPending={false} error={null} />, {
    user,
  });
  return fetchMock;
}

const entry = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('PassengersTab: who may leave or remove (SPEC §4, §7)', () => {
  it('offers Leave Ride on the member’s own entry only, and no Remove Passenger to a non-organiser', () => {
    renderTab(RIDE, [ALICE_ENTRY, BOB_ENTRY]);
    expect(within(entry('Alice Tan')).getByRole('button', { name: 'Leave Ride' })).toBeEnabled();
    expect(within(entry('Bob Lim')).queryByRole('button', { name: 'Leave Ride' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove Passenger/ })).not.toBeInTheDocument();
  });

  it('lets the organiser remove others but not leave', () => {
    renderTab(RIDE, [ALICE_ENTRY, BOB_ENTRY], testUser({ id: RIDE.creatorId, name: 'Olivia' }));
    expect(screen.getByRole('button', { name: 'Remove Passenger Alice Tan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Passenger Bob Lim' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Ride' })).not.toBeInTheDocument();
  });

  it('offers no Leave Ride on a past ride', () => {
    renderTab(PAST_RIDE, [ALICE_ENTRY, BOB_ENTRY]);
    expect(screen.getByText('Alice Tan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Ride' })).not.toBeInTheDocument();
  });

  it('offers the organiser no Remove Passenger on a past ride', () => {
    renderTab(PAST_RIDE, [ALICE_ENTRY, BOB_ENTRY], testUser({ id: PAST_RIDE.creatorId, name: 'Olivia' }));
    expect(screen.getByText('Bob Lim')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove Passenger/ })).not.toBeInTheDocument();
  });
});

// The whole ride page, so leaving is seen as the member sees it: the toast, then the ride and
// its passengers read again from the server, which no longer lists Alice.
function renderRidePage({ refuse }: { refuse?: Response } = {}) {
  let left = false;
  const fetchMock = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'DELETE' && url === `/api/rides/1/passengers/${ALICE_ENTRY.id}`) {
      if (refuse) return refuse;
      left = true;
      return jsonResponse({ message: 'Passenger Removed' });
    }
    if (method === 'GET' && url === '/api/rides/1') return jsonResponse({ ...RIDE, currentPassengers: left ? 2 : 4 });
    if (method === 'GET' && url === '/api/rides/1/passengers') return jsonResponse(left ? [BOB_ENTRY] : [ALICE_ENTRY, BOB_ENTRY]);
    throw new Error(`Unexpected fetch: ${method} ${url}`);
  });
  const rendered = renderWithProviders(<RideDetailPage />, { route: '/rides/1', path: '/rides/:id', user: ALICE });
  return { ...rendered, fetchMock };
}

const reads = (fetchMock: ReturnType<typeof stubFetch>, url: string) =>
  fetchMock.mock.calls.filter(([called, init]) => called === url && (init?.method ?? 'GET') === 'GET').length;

describe('Leave Ride on the ride page', () => {
  it("removes the member's own entry, says 'Passenger Removed' and reads the ride and passengers again", async () => {
    const { user, fetchMock } = renderRidePage();
    await user.click(await screen.findByRole('tab', { name: 'Passengers' }));
    const leave = await screen.findByRole('button', { name: 'Leave Ride' });
    expect(reads(fetchMock, '/api/rides/1')).toBe(1);
    expect(reads(fetchMock, '/api/rides/1/passengers')).toBe(1);

    await user.click(leave);
    expect(await screen.findByText('Passenger Removed')).toBeInTheDocument();
    const deleted = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deleted.map(([url]) => url)).toEqual([`/api/rides/1/passengers/${ALICE_ENTRY.id}`]);

    await waitFor(() => expect(screen.queryByText('Alice Tan')).not.toBeInTheDocument());
    expect(screen.getByText('Bob Lim')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Ride' })).not.toBeInTheDocument();
    expect(reads(fetchMock, '/api/rides/1')).toBe(2);
    expect(reads(fetchMock, '/api/rides/1/passengers')).toBe(2);
  });

  it("shows a refusal under 'Failed to remove passenger' and keeps the entry", async () => {
    const { user } = renderRidePage({
      refuse: jsonResponse({ message: 'Passengers cannot be removed from a past ride' }, 409),
    });
    await user.click(await screen.findByRole('tab', { name: 'Passengers' }));
    await user.click(await screen.findByRole('button', { name: 'Leave Ride' }));
    expect(await screen.findByText('Failed to remove passenger')).toBeInTheDocument();
    expect(screen.getByText('409: Passengers cannot be removed from a past ride')).toBeInTheDocument();
    expect(screen.getByText('Alice Tan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Ride' })).toBeEnabled();
  });
});
