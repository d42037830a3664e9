import type { Ride, RideListItem } from '@shared/types/ride.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { pathsOf, recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { MyRides } from './my-rides';
import { RideCard } from './ride-card';

const ALICE = testUser();
const VENDOR = testUser({
  id: 50,
  discordUsername: 'ali_cars',
  name: 'Ali',
  isVendor: true,
  companyName: 'Johor Cars',
});
const FUTURE = '2999-06-16T01:30:00.000Z';
const PAST = '2020-06-16T01:30:00.000Z';

const isJoinedRead = (url: string) =>
  url.startsWith('/api/rides/page?') && new URLSearchParams(url.split('?')[1]).get('scope') === 'joined';

// Only the fields of a windowed list's ride (ADR 0009): no creatorName, creator or contacts.
function listItem(full: Ride): RideListItem {
  const {
    id,
    creatorId,
    direction,
    date,
    maxPassengers,
    currentPassengers,
    pickupLocation,
    dropoffLocations,
    status,
    vendorId,
    cost,
    additionalStops,
    organizerName,
  } = full;
  return {
    id,
    creatorId,
    direction,
    date,
    maxPassengers,
    currentPassengers,
    pickupLocation,
    dropoffLocations,
    status,
    vendorId,
    cost,
    additionalStops,
    organizerName,
  };
}

// The member's joined rides from the windowed list (scope=joined); any other list read is a
// test failure (the api's 500).
function answerJoined(joined: Ride[]) {
  server.use(
    http.get('*/api/rides/page', ({ request }) => {
      const url = new URL(request.url);
      if (!isJoinedRead(url.pathname + url.search))
        return HttpResponse.json({ message: 'Unexpected' }, { status: 500 });
      return HttpResponse.json({ rides: joined.map(listItem), nextCursor: null });
    }),
  );
  return recordRequests();
}

const joinedReads = (sent: SentRequest[]) => sent.filter((request) => isJoinedRead(request.path)).length;

describe('RideCard: one price (SPEC §9)', () => {
  it("shows 'now' and 'if full' per person, and the stops surcharge", () => {
    renderWithProviders(
      <RideCard
        ride={makeRide({ date: FUTURE, cost: 80, currentPassengers: 3, maxPassengers: 5, additionalStops: 2 })}
        currentUserId={null}
      />,
      { user: null },
    );
    expect(screen.getByText('now: $30.00 SGD each (3 aboard, stops included)')).toBeInTheDocument();
    expect(screen.getByText('if full: $18.00 SGD each')).toBeInTheDocument();
    expect(screen.getByText('+$10 SGD for 2 additional stops')).toBeInTheDocument();
    expect(screen.queryByText(/per person/)).not.toBeInTheDocument();
  });

  it("says '1 additional stop', and nothing about stops when there are none", () => {
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
    const sent = recordRequests();
    renderWithProviders(<RideCard ride={makeRide({ date: FUTURE })} currentUserId={null} />, { user: null });
    expect(screen.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/rides/1/join');
    expect(sent).toEqual([]);
  });

  it('says Joined on a ride the member is on, even when it is full', async () => {
    const ride = makeRide({ date: FUTURE, currentPassengers: 4, maxPassengers: 4 });
    const sent = answerJoined([ride]);
    renderWithProviders(<RideCard ride={ride} currentUserId={ALICE.id} />, { user: ALICE });
    expect(await screen.findByText('Joined')).toBeInTheDocument();
    expect(screen.queryByText('Full')).not.toBeInTheDocument();
    expect(joinedReads(sent)).toBe(1);
  });

  it('says Past, not Joined, once a joined ride has left', async () => {
    const ride = makeRide({ date: PAST });
    const sent = answerJoined([ride]);
    renderWithProviders(<RideCard ride={ride} currentUserId={ALICE.id} />, { user: ALICE });
    await waitFor(() => expect(joinedReads(sent)).toBe(1));
    expect(screen.getByText('Past')).toBeInTheDocument();
    expect(screen.queryByText('Joined')).not.toBeInTheDocument();
  });

  it('offers Join on a ride the member is not on, and Full on a full one', async () => {
    const sent = answerJoined([makeRide({ id: 99 })]);
    renderWithProviders(
      <>
        <RideCard ride={makeRide({ id: 1, date: FUTURE })} currentUserId={ALICE.id} />
        <RideCard ride={makeRide({ id: 2, date: FUTURE, currentPassengers: 4 })} currentUserId={ALICE.id} />
        <RideCard ride={makeRide({ id: 3, date: FUTURE, creatorId: ALICE.id })} currentUserId={ALICE.id} />
      </>,
      { user: ALICE },
    );
    await waitFor(() => expect(joinedReads(sent)).toBe(1));
    const [first, second, third] = screen.getAllByRole('article');
    expect(await within(first).findByRole('link', { name: 'Join' })).toBeInTheDocument();
    expect(within(second).getByText('Full')).toBeInTheDocument();
    expect(within(third).getByText('Your Ride')).toBeInTheDocument();
    // Three cards, one request between them.
    expect(joinedReads(sent)).toBe(1);
  });

  it('shows no badge, never Join, until the joined rides are known; then Joined', async () => {
    let answer: (response: Response) => void = () => {};
    const answered = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    server.use(http.get('*/api/rides/page', () => answered));
    renderWithProviders(<RideCard ride={makeRide({ id: 1, date: FUTURE })} currentUserId={ALICE.id} />, {
      user: ALICE,
    });
    const card = screen.getByRole('article');
    expect(within(card).queryByText(/^(Join|Joined|Full|Your Ride)$/)).not.toBeInTheDocument();
    answer(HttpResponse.json({ rides: [listItem(makeRide({ id: 1, date: FUTURE }))], nextCursor: null }));
    expect(await within(card).findByText('Joined')).toBeInTheDocument();
    expect(within(card).queryByText('Join')).not.toBeInTheDocument();
  });

  it("shows a visitor's Join to nobody while the session is still being read", async () => {
    // The hint cookie says there may be a session: /api/auth/me is asked, and has not answered.
    document.cookie = 'fc_signed_in=1; path=/';
    try {
      server.use(http.all('*', () => delay('infinite')));
      const sent = recordRequests();
      renderWithProviders(<RideCard ride={makeRide({ id: 1, date: FUTURE })} currentUserId={null} />);
      await waitFor(() => expect(pathsOf(sent)).toContain('/api/auth/me'));
      expect(screen.queryByText('Join')).not.toBeInTheDocument();
    } finally {
      document.cookie = 'fc_signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });

  it("says 'Your assignment' to the vendor on a ride assigned to them, even a full one", async () => {
    const sent = answerJoined([]);
    renderWithProviders(
      <>
        <RideCard
          ride={makeRide({ id: 1, date: FUTURE, vendorId: VENDOR.id, status: 'assigned', currentPassengers: 4 })}
          currentUserId={VENDOR.id}
          isVendor
        />
        <RideCard ride={makeRide({ id: 2, date: FUTURE, vendorId: null })} currentUserId={VENDOR.id} isVendor />
        <RideCard
          ride={makeRide({ id: 3, date: PAST, vendorId: VENDOR.id, status: 'assigned' })}
          currentUserId={VENDOR.id}
          isVendor
        />
      </>,
      { user: VENDOR },
    );
    await waitFor(() => expect(joinedReads(sent)).toBe(1));
    const [assigned, open, past] = screen.getAllByRole('article');
    expect(await within(assigned).findByText('Your assignment')).toBeInTheDocument();
    expect(within(assigned).queryByText('Full')).not.toBeInTheDocument();
    // A vendor never joins: no Join pill that looks like a button (issue 37 §6), the assign link
    // instead, and the fare the driver is paid rather than each seat's share.
    expect(within(open).queryByText('Join')).not.toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Assign to me' })).toBeInTheDocument();
    expect(within(open).getByText('Fare: $80.00 SGD')).toBeInTheDocument();
    expect(within(open).queryByText(/each/)).not.toBeInTheDocument();
    expect(within(past).getByText('Past')).toBeInTheDocument();
  });
});

describe("My Rides: 'Rides You Joined' cards say Joined", () => {
  it('from list items, with one read of the joined rides for every badge', async () => {
    const joined = makeRide({ id: 5, date: FUTURE });
    const own = makeRide({ id: 6, date: FUTURE, creatorId: ALICE.id });
    server.use(
      http.get('*/api/rides/page', ({ request }) => {
        const scope = new URL(request.url).searchParams.get('scope');
        if (scope === 'joined') return HttpResponse.json({ rides: [listItem(joined)], nextCursor: null });
        if (scope === 'organized') return HttpResponse.json({ rides: [listItem(own)], nextCursor: null });
        return HttpResponse.json({ message: 'Unexpected' }, { status: 500 });
      }),
    );
    const sent = recordRequests();
    renderWithProviders(<MyRides user={ALICE} />, { user: ALICE });
    const section = await screen.findByRole('region', { name: 'Rides You Joined' });
    expect(await within(section).findByText('Joined')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Join' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Rides You Organized' })).getByText('Your Ride'),
    ).toBeInTheDocument();
    // The badges' read (upcoming joined rides) once, whatever the number of cards.
    const badgeReads = sent.filter((request) => isJoinedRead(request.path) && request.path.includes('time=upcoming'));
    expect(badgeReads).toHaveLength(1);
  });
});

describe('RideCard: the whole card opens the ride', () => {
  it('has one link to the ride, the title, whose ::after covers the card; Join and actions sit above it', async () => {
    const { user } = renderWithProviders(
      <RideCard
        ride={makeRide({ id: 3, date: FUTURE })}
        currentUserId={null}
        actions={<button type="button">Share</button>}
      />,
      { user: null },
    );
    const card = screen.getByRole('article', { name: 'Singapore to Forest City' });
    expect(card).toHaveClass('relative');
    const title = within(card).getByRole('link', { name: 'Singapore to Forest City' });
    expect(title).toHaveAttribute('href', '/rides/3');
    expect(title).toHaveClass('after:absolute', 'after:inset-0', 'min-h-11');
    // One way to the ride: no second link to it, and nothing interactive inside anything interactive.
    expect(
      within(card)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href') === '/rides/3'),
    ).toHaveLength(1);
    for (const control of card.querySelectorAll('a, button'))
      expect(control.parentElement?.closest('a, button')).toBeNull();

    const join = within(card).getByRole('link', { name: 'Join' });
    expect(join).toHaveAttribute('href', '/rides/3/join');
    expect(join).toHaveClass('h-11');
    expect(join.closest('.z-10')).not.toBeNull();
    // Actions are lifted one by one (the gaps between them still open the ride).
    const share = within(card).getByRole('button', { name: 'Share' });
    expect(share.parentElement).toHaveClass('*:relative', '*:z-10');

    // Keyboard: the title is the one stop before Join.
    await user.tab();
    expect(title).toHaveFocus();
    await user.tab();
    expect(join).toHaveFocus();
  });

  it('Join opens the join page, not the ride', async () => {
    const { user } = renderWithProviders(<RideCard ride={makeRide({ id: 3, date: FUTURE })} currentUserId={null} />, {
      user: null,
    });
    await user.click(screen.getByRole('link', { name: 'Join' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/rides/3/join');
  });
});

describe('RideCard: a list item is enough (ADR 0009)', () => {
  it('shows badge, organiser, place, seats and price from a RideListItem', () => {
    const item = listItem(
      makeRide({
        id: 4,
        date: FUTURE,
        direction: 'FC->SG',
        dropoffLocations: ['Bedok Mall'],
        currentPassengers: 2,
        additionalStops: 1,
      }),
    );
    renderWithProviders(<RideCard ride={item} currentUserId={null} />, { user: null });
    const card = screen.getByRole('article');
    expect(within(card).getByText('Olivia')).toBeInTheDocument();
    // The place is the member's words (translate="no"), inside the line.
    expect(within(card).getByText('Bedok Mall').parentElement).toHaveTextContent('To: Bedok Mall');
    expect(within(card).getByText('2 / 4 passengers')).toBeInTheDocument();
    expect(within(card).getByText('now: $42.50 SGD each (2 aboard, stops included)')).toBeInTheDocument();
    expect(within(card).getByText('+$5 SGD for 1 additional stop')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Join' })).toBeInTheDocument();
  });

  it("names an organiser without a name by their username where the ride carries it, else 'Member #<id>'", () => {
    const nameless = makeRide({ id: 8, date: FUTURE, organizerName: null, creatorName: 'carol' });
    renderWithProviders(
      <>
        <RideCard ride={nameless} currentUserId={null} />
        <RideCard ride={listItem({ ...nameless, id: 9 })} currentUserId={null} />
      </>,
      { user: null },
    );
    const [full, item] = screen.getAllByRole('article');
    expect(full).toHaveTextContent('Organized by carol');
    expect(item).toHaveTextContent(`Organized by Member #${nameless.creatorId}`);
    expect(screen.queryByText(/Unknown Organizer|Passenger\b/)).not.toBeInTheDocument();
  });
});

describe('RideCard: icons keep their size beside wrapping text', () => {
  it('every icon is shrink-0 and its text may wrap beside it', () => {
    const long = 'Block 123 Tampines Street 11, beside the bus interchange, exit B, Singapore 521123';
    renderWithProviders(<RideCard ride={makeRide({ date: FUTURE, pickupLocation: long })} currentUserId={null} />, {
      user: null,
    });
    // The place is the member's words (translate="no"), inside the line.
    const line = screen.getByText(long).parentElement;
    expect(line).toHaveTextContent(`From: ${long}`);
    expect(line).toHaveClass('min-w-0', 'break-words');
    const icons = screen.getByRole('article').querySelectorAll('[data-icon]');
    expect([...icons].map((icon) => icon.getAttribute('data-icon'))).toEqual(['calendar', 'pin', 'users', 'money']);
    for (const icon of icons) expect(icon).toHaveClass('icon');
  });
});
