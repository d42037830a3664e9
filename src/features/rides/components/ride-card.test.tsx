import type { Ride } from '@shared/types/ride.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRide } from '../../../testing/fixtures';
import { jsonResponse, renderWithProviders, stubFetch, testUser } from '../../../testing/render';
import { MyRides } from './my-rides';
import { RideCard } from './ride-card';

const ALICE = testUser();
const VENDOR = testUser({ id: 50, discordUsername: 'ali_cars', name: 'Ali', isVendor: true, companyName: 'Johor Cars' });
const FUTURE = '2999-06-16T01:30:00.000Z';
const PAST = '2020-06-16T01:30:00.000Z';

// The member's rides from GET /api/rides/user/joined; anything else is a test failure.
function answerJoined(joined: Ride[]) {
  return stubFetch((url, init) => {
    if ((init.method ?? 'GET') === 'GET' && url === '/api/rides/user/joined') return jsonResponse(joined);
    throw new Error(`Unexpected fetch: ${init.method ?? 'GET'} ${url}`);
  });
}

const joinedReads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/rides/user/joined').length;

describe('RideCard: one price (SPEC §9)', () => {
  it("shows 'now' and 'if full' per person, and the stops surcharge", () => {
    stubFetch();
    renderWithProviders(
      <RideCard ride={makeRide({ date: FUTURE, cost: 80, currentPassengers: 3, maxPassengers: 5, additionalStops: 2 })} currentUserId={null} />,
      { user: null },
    );
    expect(screen.getByText('now: $27 each (3 aboard)')).toBeInTheDocument();
    expect(screen.getByText('if full: $18.00 each')).toBeInTheDocument();
    expect(screen.getByText('+$10 SGD for 2 additional stops')).toBeInTheDocument();
    expect(screen.queryByText(/per person/)).not.toBeInTheDocument();
  });

  it("says '1 additional stop', and nothing about stops when there are none", () => {
    stubFetch();
    renderWithProviders(
      <>
        <RideCard ride={makeRide({ id: 1, date: FUTURE, additionalStops: 1 })} currentUserId={null} />
        <RideCard ride={makeRide({ id: 2, date: FUTURE, additionalStops: 0 })} currentUserId={null} />
      </>,
      { user: null },
    );
    const [oneStop, noStops] = screen.getAllByRole('article');
    expect(within(oneStop).getByText('+$5 SGD for 1 additional stop')).toBeInTheDocument();
    expect(within(noStops).queryByText(/additional stop|\+\$0/)).not.toBeInTheDocument();
  });
});

describe('RideCard badge: Past > Joined > Your assignment > Full > Your Ride > Join', () => {
  it('asks a visitor nothing about joined rides and offers Join', () => {
    const fetchMock = stubFetch();
    renderWithProviders(<RideCard ride={makeRide({ date: FUTURE })} currentUserId={null} />, { user: null });
    expect(screen.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/rides/1/join');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says Joined on a ride the member is on, even when it is full', async () => {
    const ride = makeRide({ date: FUTURE, currentPassengers: 4, maxPassengers: 4 });
    const fetchMock = answerJoined([ride]);
    renderWithProviders(<RideCard ride={ride} currentUserId={ALICE.id} />, { user: ALICE });
    expect(await screen.findByText('Joined')).toBeInTheDocument();
    expect(screen.queryByText('Full')).not.toBeInTheDocument();
    expect(joinedReads(fetchMock)).toBe(1);
  });

  it('says Past, not Joined, once a joined ride has left', async () => {
    const ride = makeRide({ date: PAST });
    const fetchMock = answerJoined([ride]);
    renderWithProviders(<RideCard ride={ride} currentUserId={ALICE.id} />, { user: ALICE });
    await waitFor(() => expect(joinedReads(fetchMock)).toBe(1));
    expect(screen.getByText('Past')).toBeInTheDocument();
    expect(screen.queryByText('Joined')).not.toBeInTheDocument();
  });

  it('offers Join on a ride the member is not on, and Full on a full one', async () => {
    const fetchMock = answerJoined([makeRide({ id: 99 })]);
    renderWithProviders(
      <>
        <RideCard ride={makeRide({ id: 1, date: FUTURE })} currentUserId={ALICE.id} />
        <RideCard ride={makeRide({ id: 2, date: FUTURE, currentPassengers: 4 })} currentUserId={ALICE.id} />
        <RideCard ride={makeRide({ id: 3, date: FUTURE, creatorId: ALICE.id })} currentUserId={ALICE.id} />
      </>,
      { user: ALICE },
    );
    await waitFor(() => expect(joinedReads(fetchMock)).toBe(1));
    const [first, second, third] = screen.getAllByRole('article');
    expect(within(first).getByRole('link', { name: 'Join' })).toBeInTheDocument();
    expect(within(second).getByText('Full')).toBeInTheDocument();
    expect(within(third).getByText('Your Ride')).toBeInTheDocument();
    // Three cards, one request between them.
    expect(joinedReads(fetchMock)).toBe(1);
  });

  it("says 'Your assignment' to the vendor on a ride assigned to them, even a full one", async () => {
    const fetchMock = answerJoined([]);
    renderWithProviders(
      <>
        <RideCard ride={makeRide({ id: 1, date: FUTURE, vendorId: VENDOR.id, status: 'assigned', currentPassengers: 4 })} currentUserId={VENDOR.id} isVendor />
        <RideCard ride={makeRide({ id: 2, date: FUTURE, vendorId: null })} currentUserId={VENDOR.id} isVendor />
        <RideCard ride={makeRide({ id: 3, date: PAST, vendorId: VENDOR.id, status: 'assigned' })} currentUserId={VENDOR.id} isVendor />
      </>,
      { user: VENDOR },
    );
    await waitFor(() => expect(joinedReads(fetchMock)).toBe(1));
    const [assigned, open, past] = screen.getAllByRole('article');
    expect(within(assigned).getByText('Your assignment')).toBeInTheDocument();
    expect(within(assigned).queryByText('Full')).not.toBeInTheDocument();
    // A vendor's Join badge is no passenger link; the assign link is offered instead.
    expect(within(open).getByText('Join')).toBeInTheDocument();
    expect(within(open).queryByRole('link', { name: 'Join' })).not.toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Assign to me' })).toBeInTheDocument();
    expect(within(past).getByText('Past')).toBeInTheDocument();
  });
});

describe("My Rides: 'Rides You Joined' cards say Joined", () => {
  it('with the one joined-rides request My Rides already makes', async () => {
    const joined = makeRide({ id: 5, date: FUTURE });
    const own = makeRide({ id: 6, date: FUTURE, creatorId: ALICE.id });
    const fetchMock = answerJoined([joined]);
    renderWithProviders(<MyRides user={ALICE} allRides={[own]} />, { user: ALICE });
    const section = await screen.findByRole('region', { name: 'Rides You Joined' });
    expect(await within(section).findByText('Joined')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Join' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Rides You Organized' })).getByText('Your Ride')).toBeInTheDocument();
    expect(joinedReads(fetchMock)).toBe(1);
  });
});
