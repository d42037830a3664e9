import { ridePageQuerySchema } from '@shared/schemas/ride-page.ts';
import type { Ride, RideListItem, RidePage } from '@shared/types/ride.ts';
import type { QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatShortDay, singaporeDay } from '../../../lib/format';
import { createQueryClient } from '../../../lib/query-client';
import { makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { HomePage } from './home-page';
import { MyRides } from './my-rides';
import type { StopOrderSlot } from './ride-page-slots';
import { VendorRides, type VendorTab } from './vendor-rides';

const ALICE = testUser();
const VENDOR = testUser({
  id: 50,
  discordUsername: 'ali_cars',
  name: 'Ali',
  isVendor: true,
  companyName: 'Johor Cars',
});
const DAY = 86_400_000;
const START = Date.parse('2999-01-01T01:00:00.000Z');

// What GET /api/rides/page carries for a ride (ADR 0009): nothing of the detail.
function listItem(overrides: Partial<Ride> = {}): RideListItem {
  const ride = makeRide(overrides);
  return {
    id: ride.id,
    creatorId: ride.creatorId,
    direction: ride.direction,
    date: ride.date,
    maxPassengers: ride.maxPassengers,
    currentPassengers: ride.currentPassengers,
    pickupLocation: ride.pickupLocation,
    dropoffLocations: ride.dropoffLocations,
    status: ride.status,
    vendorId: ride.vendorId,
    cost: ride.cost,
    additionalStops: ride.additionalStops,
    organizerName: ride.organizerName,
  };
}

// Rides 1..count, a day apart.
const rides = (count: number, first = 1) =>
  Array.from({ length: count }, (_, index) =>
    listItem({ id: first + index, date: new Date(START + (first + index) * DAY).toISOString() }),
  );

const HOME = '/api/rides/page?scope=all&time=upcoming&series=once&sort=earliest&limit=20';
const JOINED_IDS = '/api/rides/page?scope=joined&time=upcoming&sort=earliest&limit=100';
const ORGANIZED = '/api/rides/page?scope=organized&time=all&sort=earliest&limit=20';
const JOINED = '/api/rides/page?scope=joined&time=all&sort=earliest&limit=20';
const OWN_FC_TO_SG = '/api/rides/page?scope=organized&time=upcoming&direction=FC-%3ESG&sort=earliest&limit=20';
const AVAILABLE = '/api/rides/page?scope=available&time=upcoming&sort=earliest&limit=20';
const ASSIGNED = '/api/rides/page?scope=assigned&time=all&sort=earliest&limit=20';

it('asks only for lists the api accepts', () => {
  for (const path of [HOME, JOINED_IDS, ORGANIZED, JOINED, OWN_FC_TO_SG, AVAILABLE, ASSIGNED]) {
    const query = Object.fromEntries(new URL(path, 'http://app.test').searchParams);
    expect(ridePageQuerySchema.safeParse(query).success, path).toBe(true);
  }
});

// The server's pages over `list`, the cursor being the offset of the next page. `repeat`: the
// next page starts again at the last ride of the one before, as when a ride's date was edited
// between two reads.
function pagesOf(list: RideListItem[], url: URL, { repeat = false } = {}): RidePage {
  const limit = Number(url.searchParams.get('limit'));
  const cursor = Number(url.searchParams.get('cursor') ?? 0);
  const start = repeat && cursor > 0 ? cursor - 1 : cursor;
  const end = cursor + limit;
  return { rides: list.slice(start, end), nextCursor: end < list.length ? String(end) : null };
}

type Answer = (url: URL) => unknown;

// The api answered per path: page lists by their full address without the cursor. Any other
// call fails as a network error would, so a list read no test expects cannot pass unseen.
function serve(answers: Record<string, Answer>) {
  server.use(
    http.all('*/api/*', ({ request }) => {
      const url = new URL(request.url);
      if (request.method !== 'GET') return HttpResponse.error();
      if (url.pathname === '/api/stats') return HttpResponse.json({ totalRides: 45, totalUsers: 3 });
      // Home's "Looking for a ride" (issue 24 §1): none here.
      if (url.pathname === '/api/ride-requests') return HttpResponse.json([]);
      const withoutCursor = new URL(url);
      withoutCursor.searchParams.delete('cursor');
      const answer = answers[withoutCursor.pathname + withoutCursor.search] ?? answers[url.pathname];
      if (!answer) return HttpResponse.error();
      const body = answer(url);
      return body instanceof Response ? body : HttpResponse.json(body as object);
    }),
  );
  return recordRequests();
}

const pageCalls = (sent: SentRequest[]) =>
  sent.map((request) => request.path).filter((path) => path.startsWith('/api/rides/page'));
const cardIds = () => screen.queryAllByRole('article').map((card) => card.id);

describe('Home: All Rides from the server, page by page', () => {
  it('shows the first 20 of 45, the next ones on "Show more rides", each ride once', async () => {
    const all = rides(45);
    const sent = serve({ [HOME]: (url) => pagesOf(all, url, { repeat: true }) });
    const { user } = renderWithProviders(<HomePage />, { route: '/home', user: null });

    await waitFor(() => expect(cardIds()).toHaveLength(20));
    expect(cardIds()[0]).toBe('ride-1');
    expect(pageCalls(sent)).toEqual([HOME]);

    await user.click(screen.getByRole('button', { name: 'Show more rides' }));
    await waitFor(() => expect(cardIds()).toHaveLength(40));
    await user.click(screen.getByRole('button', { name: 'Show more rides' }));
    await waitFor(() => expect(cardIds()).toHaveLength(45));

    expect(cardIds()).toEqual(all.map((ride) => `ride-${ride.id}`));
    expect(pageCalls(sent)).toEqual([HOME, `${HOME}&cursor=20`, `${HOME}&cursor=40`]);
    expect(screen.queryByRole('button', { name: 'Show more rides' })).not.toBeInTheDocument();
    // A visitor has no joined rides to ask about.
    expect(pageCalls(sent).some((url) => url.includes('scope=joined'))).toBe(false);
  });

  it('lets the browser skip laying out cards until they near the screen', async () => {
    serve({ [HOME]: (url) => pagesOf(rides(3), url) });
    renderWithProviders(<HomePage />, { route: '/home', user: null });
    await waitFor(() => expect(cardIds()).toHaveLength(3));
    const item = screen
      .getAllByRole('listitem')
      .find((element) => element.contains(screen.getAllByRole('article')[0]))!;
    expect(item.className).toContain('[content-visibility:auto]');
    expect(item.className).toContain('[contain-intrinsic-size:auto_230px]');
    expect(item).toHaveAttribute('data-scroll-anchor', 'ride-1');
  });

  describe('with an IntersectionObserver', () => {
    const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[]; disconnected: boolean }> = [];
    beforeEach(() => {
      observers.length = 0;
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          record: (typeof observers)[number];
          constructor(callback: IntersectionObserverCallback) {
            this.record = { callback, targets: [], disconnected: false };
            observers.push(this.record);
          }
          observe(target: Element) {
            this.record.targets.push(target);
          }
          disconnect() {
            this.record.disconnected = true;
          }
        },
      );
    });
    afterEach(() => vi.unstubAllGlobals());

    const watching = () => observers.filter((observer) => !observer.disconnected && observer.targets.length > 0);
    const scrollToEnd = () => {
      const [observer] = watching();
      observer.callback(
        [{ isIntersecting: true, target: observer.targets[0] } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    };

    it('reads the next page as the end of the list comes into view, and stops at the last one', async () => {
      const all = rides(45);
      const sent = serve({ [HOME]: (url) => pagesOf(all, url) });
      renderWithProviders(<HomePage />, { route: '/home', user: null });
      await waitFor(() => expect(cardIds()).toHaveLength(20));
      // Nothing more is read until the member scrolls.
      expect(pageCalls(sent)).toHaveLength(1);

      await waitFor(() => expect(watching()).toHaveLength(1));
      scrollToEnd();
      await waitFor(() => expect(cardIds()).toHaveLength(40));
      await waitFor(() => expect(watching()).toHaveLength(1));
      scrollToEnd();
      await waitFor(() => expect(cardIds()).toHaveLength(45));
      expect(pageCalls(sent)).toEqual([HOME, `${HOME}&cursor=20`, `${HOME}&cursor=40`]);
      expect(watching()).toHaveLength(0);
    });

    it('does not retry a failed page by itself: the button asks again', async () => {
      const all = rides(45);
      let failNext = true;
      const sent = serve({
        [HOME]: (url) => {
          if (url.searchParams.has('cursor') && failNext) {
            failNext = false;
            return HttpResponse.json({ message: 'Database unavailable' }, { status: 503 });
          }
          return pagesOf(all, url);
        },
      });
      const { user } = renderWithProviders(<HomePage />, { route: '/home', user: null });
      await waitFor(() => expect(watching()).toHaveLength(1));
      scrollToEnd();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Could not load more rides: 503: Database unavailable',
      );
      expect(watching()).toHaveLength(0);
      expect(cardIds()).toHaveLength(20);

      await user.click(screen.getByRole('button', { name: 'Show more rides' }));
      await waitFor(() => expect(cardIds()).toHaveLength(40));
      expect(pageCalls(sent)).toEqual([HOME, `${HOME}&cursor=20`, `${HOME}&cursor=20`]);
    });
  });

  it('asks the server for each filter, and offers to clear filters that match nothing', async () => {
    const all = rides(5);
    const sent = serve({
      [HOME]: (url) => pagesOf(all, url),
      '/api/rides/page': (url) =>
        pagesOf(url.searchParams.get('direction') === 'FC->SG' ? [] : all.slice().reverse(), url),
    });
    const { user } = renderWithProviders(<HomePage />, { route: '/home', user: null });
    await waitFor(() => expect(cardIds()).toHaveLength(5));

    await user.click(screen.getByText('Filters:'));
    await user.selectOptions(screen.getByLabelText('Time'), 'all');
    await waitFor(() =>
      expect(pageCalls(sent).at(-1)).toBe('/api/rides/page?scope=all&time=all&series=once&sort=earliest&limit=20'),
    );
    await user.selectOptions(screen.getByLabelText('Sort'), 'latest');
    await waitFor(() =>
      expect(pageCalls(sent).at(-1)).toBe('/api/rides/page?scope=all&time=all&series=once&sort=latest&limit=20'),
    );
    // The server's order is the order shown.
    await waitFor(() => expect(cardIds()[0]).toBe('ride-5'));
    await user.selectOptions(screen.getByLabelText('Time'), 'week');
    await waitFor(() =>
      expect(pageCalls(sent).at(-1)).toBe('/api/rides/page?scope=all&time=week&series=once&sort=latest&limit=20'),
    );
    await user.selectOptions(screen.getByLabelText('Direction'), 'FC->SG');
    await waitFor(() =>
      expect(pageCalls(sent).at(-1)).toBe(
        '/api/rides/page?scope=all&time=week&direction=FC-%3ESG&series=once&sort=latest&limit=20',
      ),
    );
    expect(await screen.findByText('No rides match these filters.')).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/home?direction=FC-%3ESG&time=week&sort=latest');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/home$/));
    // The default list was read already: it shows again from the cache.
    await waitFor(() => expect(cardIds()).toHaveLength(5));
    expect(pageCalls(sent).filter((url) => url === HOME)).toHaveLength(1);
  });

  it('asks for a picked day and time of day, lists each day under its heading, a series once', async () => {
    // A day four days on, and the next: neither today nor tomorrow, and not yet past.
    const friday = singaporeDay(Date.now() + 4 * DAY);
    const next = singaporeDay(Date.now() + 5 * DAY);
    const at = (id: number, time: string, seriesId: number | null = null) => ({
      ...listItem({ id, date: new Date(`${friday}T${time}+08:00`).toISOString() }),
      seriesId,
    });
    const saturday = { ...listItem({ id: 3, date: new Date(`${next}T19:30:00+08:00`).toISOString() }), seriesId: 9 };
    const sent = serve({
      [HOME]: (url) => pagesOf([at(1, '19:30:00'), at(2, '20:00:00', 9), saturday], url),
      '/api/rides/page': (url) => pagesOf([at(1, '19:30:00')], url),
    });
    const { user } = renderWithProviders(<HomePage />, { route: '/home', user: null });
    await waitFor(() => expect(cardIds()).toHaveLength(3));
    // One heading per Singapore day, each day's cards in a list under it.
    const headings = screen.getAllByRole('heading', { level: 3 }).filter((h) => !h.closest('article'));
    expect(headings.map((h) => h.textContent)).toEqual([formatShortDay(friday), formatShortDay(next)]);
    expect(within(headings[0]!.closest('section')!).getAllByRole('article')).toHaveLength(2);
    // A weekly series once, by its next date.
    expect(
      within(document.getElementById('ride-2')!).getByText(`Weekly · next ${formatShortDay(friday)}`),
    ).toBeInTheDocument();

    await user.click(screen.getByText('Filters:'));
    await user.selectOptions(screen.getByLabelText('Day'), 'tomorrow');
    await waitFor(() =>
      expect(pageCalls(sent).at(-1)).toBe(
        '/api/rides/page?scope=all&time=upcoming&day=tomorrow&series=once&sort=earliest&limit=20',
      ),
    );
    await user.selectOptions(screen.getByLabelText('Day'), 'date');
    const date = screen.getByLabelText('Date');
    fireEvent.change(date, { target: { value: friday } });
    await user.selectOptions(screen.getByLabelText('Time of day'), 'evening');
    // A picked date lists every date of a series: that date is the one asked for.
    await waitFor(() =>
      expect(pageCalls(sent).at(-1)).toBe(
        `/api/rides/page?scope=all&time=upcoming&day=${friday}&timeOfDay=evening&sort=earliest&limit=20`,
      ),
    );
    expect(screen.getByTestId('current-path')).toHaveTextContent(`/home?day=${friday}&timeOfDay=evening`);
    await waitFor(() => expect(cardIds()).toEqual(['ride-1']));
    expect(screen.getByText(`${formatShortDay(friday)} · Evening`, { exact: false })).toBeInTheDocument();
  });

  it("says 'No rides available at the moment.' when the default list is empty", async () => {
    serve({ [HOME]: () => ({ rides: [], nextCursor: null }) });
    renderWithProviders(<HomePage />, { route: '/home', user: null });
    expect(await screen.findByText('No rides available at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('reports a list the server refused', async () => {
    serve({ [HOME]: () => HttpResponse.json({ message: 'limit must be at most 100' }, { status: 400 }) });
    renderWithProviders(<HomePage />, { route: '/home', user: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load rides: 400: limit must be at most 100');
  });

  it("marks a member's joined rides with one request for all the cards", async () => {
    const all = rides(3);
    const sent = serve({
      [HOME]: (url) => pagesOf(all, url),
      [JOINED_IDS]: () => ({ rides: [all[1]], nextCursor: null }),
    });
    renderWithProviders(<HomePage />, { route: '/home', user: ALICE });
    await waitFor(() => expect(cardIds()).toHaveLength(3));
    const [first, second] = screen.getAllByRole('article');
    expect(await within(second).findByText('Joined')).toBeInTheDocument();
    expect(within(first).queryByText('Joined')).not.toBeInTheDocument();
    expect(pageCalls(sent).filter((url) => url === JOINED_IDS)).toHaveLength(1);
  });

  it('reads nothing for All Rides while My Rides is open', async () => {
    const sent = serve({
      '/api/rides/page': () => ({ rides: [], nextCursor: null }),
    });
    renderWithProviders(<HomePage />, { route: '/home?tab=mine', user: ALICE });
    expect(await screen.findByText("You haven't created or joined any rides yet.")).toBeInTheDocument();
    expect(pageCalls(sent).some((url) => url.includes('scope=all'))).toBe(false);
  });
});

describe('My Rides: the lists the server cuts for the member', () => {
  it('pages Rides You Organized and Rides You Joined with "Show more"', async () => {
    const organized = rides(25).map((ride) => ({ ...ride, creatorId: ALICE.id }));
    const joined = rides(2, 100);
    const sent = serve({
      [ORGANIZED]: (url) => pagesOf(organized, url),
      [JOINED]: (url) => pagesOf(joined, url),
      [OWN_FC_TO_SG]: () => ({ rides: [], nextCursor: null }),
      [JOINED_IDS]: () => ({ rides: joined, nextCursor: null }),
    });
    const { user } = renderWithProviders(<MyRides user={ALICE} />, { user: ALICE });
    const mine = await screen.findByRole('region', { name: 'Rides You Organized' });
    // A first screenful, then the rest of the page.
    await waitFor(() => expect(within(mine).getAllByRole('article')).toHaveLength(20));
    expect(within(mine).getAllByRole('link', { name: 'Edit' })[0]).toHaveAttribute('href', '/rides/edit/1');
    const theirs = screen.getByRole('region', { name: 'Rides You Joined' });
    expect(await within(theirs).findAllByRole('article')).toHaveLength(2);
    expect(await within(theirs).findAllByText('Joined')).toHaveLength(2);
    expect(within(theirs).queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Manage Drop-off Sequence' })).not.toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Show more rides you organized' }));
    await waitFor(() => expect(within(mine).getAllByRole('article')).toHaveLength(25));
    expect(pageCalls(sent)).toContain(`${ORGANIZED}&cursor=20`);
    expect(within(mine).queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('offers Edit on an upcoming ride of yours and View Details on a past one (history is kept)', async () => {
    const upcoming = listItem({ id: 41, creatorId: ALICE.id, date: new Date(Date.now() + DAY).toISOString() });
    const past = listItem({ id: 42, creatorId: ALICE.id, date: new Date(Date.now() - DAY).toISOString() });
    serve({
      [ORGANIZED]: () => ({ rides: [upcoming, past], nextCursor: null }),
      [JOINED]: () => ({ rides: [], nextCursor: null }),
      [OWN_FC_TO_SG]: () => ({ rides: [], nextCursor: null }),
      [JOINED_IDS]: () => ({ rides: [], nextCursor: null }),
    });
    renderWithProviders(<MyRides user={ALICE} />, { user: ALICE });
    const mine = await screen.findByRole('region', { name: 'Rides You Organized' });
    const [first, second] = await within(mine).findAllByRole('article');
    expect(within(first!).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/rides/edit/41');
    expect(within(second!).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/rides/42');
  });

  // The stop-order feature's panel, as src/app hands it in: what it is given, shown.
  const panel: StopOrderSlot = (ride, { passengers }) => (
    <section aria-label="Drop-off Sequence">
      {ride.sequenceLocked ? '· Locked' : '· Open'}
      {passengers.data ? <p>{`${passengers.data.length} passengers`}</p> : null}
    </section>
  );

  it("gives each upcoming FC->SG ride its sequence panel, from the ride's full detail", async () => {
    const own = listItem({ id: 31, creatorId: ALICE.id, direction: 'FC->SG', date: new Date(START).toISOString() });
    const sent = serve({
      [ORGANIZED]: () => ({ rides: [own], nextCursor: null }),
      [JOINED]: () => ({ rides: [], nextCursor: null }),
      [OWN_FC_TO_SG]: () => ({ rides: [own], nextCursor: null }),
      [JOINED_IDS]: () => ({ rides: [], nextCursor: null }),
      '/api/rides/31': () => makeRide({ ...own, sequenceLocked: true }),
      '/api/rides/31/passengers': () => [],
    });
    renderWithProviders(<MyRides user={ALICE} stopOrder={panel} />, { user: ALICE });
    await screen.findByRole('heading', { name: 'Manage Drop-off Sequence' });
    // The panel is given the full ride: its lock is only there, not in the list's item.
    const shown = await screen.findByRole('region', { name: 'Drop-off Sequence' }, { timeout: 5000 });
    expect(shown).toHaveTextContent(/· Locked/);
    expect(await within(shown).findByText('0 passengers')).toBeInTheDocument();
    expect(sent.filter((request) => request.path === '/api/rides/31')).toHaveLength(1);
  });

  it('shows no sequence section to a member with no upcoming FC->SG ride of their own', async () => {
    const sent = serve({
      [ORGANIZED]: () => ({ rides: rides(1), nextCursor: null }),
      [JOINED]: () => ({ rides: [], nextCursor: null }),
      [OWN_FC_TO_SG]: () => ({ rides: [], nextCursor: null }),
      [JOINED_IDS]: () => ({ rides: [], nextCursor: null }),
    });
    renderWithProviders(<MyRides user={ALICE} stopOrder={panel} />, { user: ALICE });
    await screen.findByRole('region', { name: 'Rides You Organized' });
    await waitFor(() => expect(pageCalls(sent).filter((path) => path === OWN_FC_TO_SG)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Manage Drop-off Sequence' })).not.toBeInTheDocument();
  });
});

// The vendor dashboard's lists as the vendor feature's page holds them (src/app): its two tabs,
// and its "Assign to me" on each available ride.
function Dashboard({ highlightId = null }: { highlightId?: number | null }) {
  const [tab, setTab] = useState<VendorTab>(highlightId ? 'available' : 'mine');
  return (
    <>
      <button type="button" role="tab" onClick={() => setTab('available')}>
        Available Rides
      </button>
      <VendorRides
        tab={tab}
        highlightId={highlightId}
        assign={() => (
          <button type="button" className="btn">
            Assign to me
          </button>
        )}
      />
    </>
  );
}

describe('Vendor dashboard: Available and My Rides from the server', () => {
  const scrolled = vi.fn();
  beforeEach(() => {
    scrolled.mockReset();
    Element.prototype.scrollIntoView = scrolled;
  });

  it('reads only the tab on screen', async () => {
    const sent = serve({
      [ASSIGNED]: () => ({
        rides: rides(1, 7).map((ride) => ({ ...ride, vendorId: VENDOR.id, status: 'assigned' as const })),
        nextCursor: null,
      }),
      [AVAILABLE]: (url) => pagesOf(rides(21), url),
      [JOINED_IDS]: () => ({ rides: [], nextCursor: null }),
    });
    const { user } = renderWithProviders(<Dashboard />, { route: '/vendor', user: VENDOR });
    await waitFor(() => expect(cardIds()).toEqual(['ride-7']));
    expect(await screen.findByText('Your assignment')).toBeInTheDocument();
    expect(pageCalls(sent).filter((url) => !url.includes('scope=joined'))).toEqual([ASSIGNED]);

    await user.click(screen.getByRole('tab', { name: 'Available Rides' }));
    await waitFor(() => expect(cardIds()).toHaveLength(20));
    expect(screen.getAllByRole('button', { name: 'Assign to me' })).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show more rides' }));
    await waitFor(() => expect(cardIds()).toHaveLength(21));
  });

  it('reads pages until the ride of ?rideId= shows, then highlights it', async () => {
    const all = rides(45);
    const sent = serve({
      [AVAILABLE]: (url) => pagesOf(all, url),
      [JOINED_IDS]: () => ({ rides: [], nextCursor: null }),
      '/api/rides/33': () => makeRide({ ...all[32] }),
    });
    renderWithProviders(<Dashboard highlightId={33} />, { route: '/vendor?rideId=33', user: VENDOR });
    await waitFor(() => expect(document.getElementById('ride-33')).not.toBeNull());
    expect(document.getElementById('ride-33')!.className).toContain('ring-2');
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    // Two pages, not all three.
    expect(pageCalls(sent).filter((url) => url.includes('scope=available'))).toEqual([
      AVAILABLE,
      `${AVAILABLE}&cursor=20`,
    ]);
  });

  it('reads no further page for a ride that is no longer available', async () => {
    const all = rides(45);
    const sent = serve({
      [AVAILABLE]: (url) => pagesOf(all, url),
      [JOINED_IDS]: () => ({ rides: [], nextCursor: null }),
      '/api/rides/99': () =>
        makeRide({ id: 99, date: new Date(START + 99 * DAY).toISOString(), status: 'assigned', vendorId: 3 }),
    });
    renderWithProviders(<Dashboard highlightId={99} />, { route: '/vendor?rideId=99', user: VENDOR });
    await waitFor(() => expect(cardIds()).toHaveLength(20));
    await waitFor(() => expect(sent.some((request) => request.path === '/api/rides/99')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pageCalls(sent).filter((url) => url.includes('scope=available'))).toEqual([AVAILABLE]);
    expect(scrolled).not.toHaveBeenCalled();
  });
});

// The persister package pins its own copy of query-core: the same client at run time (as in
// app.tsx's provider), a different class to the type checker.
const asPersisted = (client: QueryClient) =>
  client as unknown as Parameters<typeof persistQueryClientSave>[0]['queryClient'];

describe('Offline: the pages read are kept (ADR 0004)', () => {
  it('restores every page and where the next one starts', async () => {
    const all = rides(45);
    // What idb-keyval does with the cache: a structured clone.
    let stored: PersistedClient | undefined;
    const persister: Persister = {
      persistClient: (client) => {
        stored = structuredClone(client);
      },
      restoreClient: () => structuredClone(stored),
      removeClient: () => {
        stored = undefined;
      },
    };

    const online = serve({ [HOME]: (url) => pagesOf(all, url) });
    const first = renderWithProviders(<HomePage />, { route: '/home', user: null });
    await waitFor(() => expect(cardIds()).toHaveLength(20));
    await first.user.click(screen.getByRole('button', { name: 'Show more rides' }));
    await waitFor(() => expect(cardIds()).toHaveLength(40));
    expect(pageCalls(online)).toHaveLength(2);
    await persistQueryClientSave({ queryClient: asPersisted(first.queryClient), persister, buster: '' });
    first.unmount();

    const restored = createQueryClient();
    await persistQueryClientRestore({ queryClient: asPersisted(restored), persister, buster: '' });
    const offline = serve({ [HOME]: (url) => pagesOf(all, url) });
    const second = renderWithProviders(<HomePage />, { route: '/home', user: null, queryClient: restored });
    // Both pages at once, from the saved copy.
    expect(cardIds()).toHaveLength(40);
    expect(pageCalls(offline)).toHaveLength(0);
    await second.user.click(screen.getByRole('button', { name: 'Show more rides' }));
    await waitFor(() => expect(cardIds()).toHaveLength(45));
    expect(pageCalls(offline)).toEqual([`${HOME}&cursor=40`]);
  });
});
