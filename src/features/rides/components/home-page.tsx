import { Trans, useLingui } from '@lingui/react/macro';
import type { Direction } from '@shared/types/ride.ts';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { AuthLink } from '../../../components/auth-link';
import { Spinner } from '../../../components/spinner';
import { canTakeRides, useUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRidePage } from '../api/get-ride-page';
import { DEFAULT_FILTERS, type DirectionFilter, homeListParams, type RideFilters } from '../filter-rides';
import { type HomeTab, isDefaultFilters, readHomeParams, writeHomeParams } from '../home-search-params';
import { JOINED, ORGANIZED } from '../my-rides-lists';
import { RideCard } from './ride-card';
import { RideFiltersBar } from './ride-filters';
import { RideList } from './ride-list';
import type { StopOrderSlot, TodayRidesSlot } from './ride-page-slots';
import { StatsCards } from './stats-cards';

const SHOWN_BELOW_EMPTY_LIST = 3;

// My Rides is a member's second tab: its code loads when it is opened, not with the first page.
const MyRides = lazy(() => import('./my-rides').then((module) => ({ default: module.MyRides })));

// What Home shows of other features, handed in by src/app.
export interface HomeSlots {
  // The ride-alerts feature's "Tell me when" for a chosen direction.
  rideAlert?: (direction: Direction, time: RideFilters['time']) => ReactNode;
  // The ride-requests feature's: the Requests tab's count (asked for once `enabled`), its list
  // (the first few only below an empty list of rides), and the empty list's "ask for one".
  requestCount?: (filters: RideFilters, enabled: boolean) => ReactNode;
  requests?: (filters: RideFilters, shownAtFirst?: number) => ReactNode;
  askForRide?: (direction: DirectionFilter) => ReactNode;
  // My Rides' drop-off order of the member's own FC->SG rides (the stop-order feature).
  stopOrder?: StopOrderSlot;
  // Issue 40: the member's rides on their day (the trip-day feature picks them), at the top.
  today?: TodayRidesSlot;
}

// The member's rides as My Rides' lists hold them, read from what is already on the phone only
// (kept for offline reading after the first screen, ADR 0017): Home asks nothing more for them.
function TodayOnHome({ today }: { today: TodayRidesSlot }) {
  const organized = useRidePage(ORGANIZED, false);
  const joined = useRidePage(JOINED, false);
  if (!organized.data && !joined.data) return null;
  return today([...(organized.data ?? []), ...(joined.data ?? [])]);
}

export function HomePage({ rideAlert, requestCount, requests, askForRide, stopOrder, today }: HomeSlots) {
  const { t } = useLingui();
  useDocumentTitle(t`Rides`);
  // Pending only when a session may exist (lib/auth's session hint): the visitor's promo then
  // waits instead of flashing at a member on a cold start.
  const { data: user, isPending: sessionPending } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const { tab, filters } = readHomeParams(searchParams);
  // Only the page on screen is asked for: the server filters, orders and cuts it (ADR 0009).
  const listParams = homeListParams(filters);
  const rides = useRidePage(listParams, tab === 'all');
  // The Requests tab's count, asked for once the rides are on screen (or the tab is open).
  const countRequests = tab === 'requests' || rides.data !== undefined;
  const loadError = rides.error?.message;
  // The router re-renders in a transition, so two quick changes (time, then sort) could both start
  // from the same render and the second would undo the first: a change builds on the last one
  // written until the router has caught up.
  const pending = useRef<{ tab: HomeTab; filters: RideFilters } | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [searchParams]);
  // Replace, not push: Back leaves the home screen instead of stepping through filter changes.
  const show = (
    change: (current: { tab: HomeTab; filters: RideFilters }) => { tab: HomeTab; filters: RideFilters },
  ) => {
    const next = change(pending.current ?? { tab, filters });
    pending.current = next;
    setSearchParams(writeHomeParams(next.tab, next.filters), { replace: true, preventScrollReset: true });
  };
  const setTab = (nextTab: HomeTab) => show((current) => ({ ...current, tab: nextTab }));
  const setFilters = (patch: Partial<RideFilters>) =>
    show((current) => ({ ...current, filters: { ...current.filters, ...patch } }));

  // Compact above the list: on a 375 × 667 phone the first ride card is whole on screen, above
  // the bottom bar.
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-base font-bold sm:text-xl">
          <Trans>Rides between Singapore and Forest City</Trans>
        </h1>
        {user && !user.isVendor ? (
          <Link to="/rides/create" className="btn btn-primary btn-sm min-h-11">
            <Trans>Create New Ride</Trans>
          </Link>
        ) : null}
      </div>
      {/* My Rides heads its own list with them. */}
      {user && today && tab !== 'mine' ? <TodayOnHome today={today} /> : null}
      <StatsCards />

      {!user && !sessionPending ? (
        <section
          className="card bg-primary text-primary-content flex-row flex-wrap items-center justify-between gap-2 px-3 py-2"
          aria-labelledby="promo-title"
        >
          {/* Beside the button while both fit, the title wrapping, so the first ride stays above
              the fold on a 375 × 667 phone under its day heading; below it where they do not. */}
          <div className="min-w-32 flex-1">
            <h2 id="promo-title" className="text-sm font-semibold">
              <Trans>Join RideShare Community</Trans>
            </h2>
            <p className="hidden text-sm sm:block">
              <Trans>Log in to join rides, see organizer contacts and organize your own trips across the border.</Trans>
            </p>
          </div>
          <AuthLink className="btn btn-sm min-h-11">
            <Trans>Login or Register Now</Trans>
          </AuthLink>
        </section>
      ) : null}

      <div role="tablist" aria-label={t`Rides`} className="tabs tabs-box">
        <HomeTabButton tab="all" current={tab} onSelect={setTab}>
          <Trans>All Rides</Trans>
        </HomeTabButton>
        <HomeTabButton tab="requests" current={tab} onSelect={setTab}>
          <Trans>Requests</Trans>
          {requestCount?.(filters, countRequests)}
        </HomeTabButton>
        <HomeTabButton tab="mine" current={tab} onSelect={setTab}>
          <Trans>My Rides</Trans>
        </HomeTabButton>
      </div>

      <div role="tabpanel" id="panel-rides" aria-labelledby={`tab-${tab}`} className="flex flex-col gap-2">
        {tab === 'all' ? (
          <>
            <h2 className="sr-only">
              <Trans>All rides</Trans>
            </h2>
            {/* Stays mounted while a new choice loads, so the opened filters stay open. */}
            <RideFiltersBar filters={filters} onChange={setFilters} />
            {rideAlert && filters.direction !== 'all' ? rideAlert(filters.direction, filters.time) : null}
            {rides.isPending ? (
              <Spinner label={t`Loading rides…`} />
            ) : !rides.data ? (
              <div role="alert" className="alert alert-error">
                <Trans>Could not load rides: {loadError}</Trans>
              </div>
            ) : rides.data.length === 0 && !isDefaultFilters(filters) ? (
              <div className="flex flex-col items-center gap-3 py-8 text-center">
                <p>
                  <Trans>No rides match these filters.</Trans>
                </p>
                <button type="button" className="btn btn-outline min-h-11" onClick={() => setFilters(DEFAULT_FILTERS)}>
                  <Trans>Clear filters</Trans>
                </button>
                {askForRide?.(filters.direction)}
              </div>
            ) : rides.data.length === 0 ? (
              <p className="py-8 text-center">
                <Trans>No rides available at the moment.</Trans>
              </p>
            ) : (
              <RideList
                rides={rides.data}
                paging={rides}
                autoLoad
                dayHeaders
                renderRide={(ride) => (
                  <RideCard
                    ride={ride}
                    currentUserId={user?.id ?? null}
                    isVendor={user?.isVendor ?? false}
                    showAssignLink={canTakeRides(user)}
                    seriesNext={listParams.series === 'once'}
                  />
                )}
              />
            )}
            {/* An empty list shows who is asking instead; a full one leaves them to their tab. */}
            {rides.data && rides.data.length === 0 ? requests?.(filters, SHOWN_BELOW_EMPTY_LIST) : null}
          </>
        ) : tab === 'requests' ? (
          <>
            <RideFiltersBar filters={filters} onChange={setFilters} />
            {requests?.(filters)}
          </>
        ) : sessionPending ? (
          <Spinner label={t`Loading your rides…`} />
        ) : user ? (
          <Suspense fallback={<Spinner label={t`Loading your rides…`} />}>
            <MyRides user={user} stopOrder={stopOrder} today={today} />
          </Suspense>
        ) : (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <p>
              <Trans>Log in to see the rides you organized and joined.</Trans>
            </p>
            <AuthLink className="btn btn-primary min-h-11">
              <Trans>Login or Register</Trans>
            </AuthLink>
          </div>
        )}
      </div>
    </div>
  );
}

function HomeTabButton({
  tab,
  current,
  onSelect,
  children,
}: {
  tab: HomeTab;
  current: HomeTab;
  onSelect: (tab: HomeTab) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="tab"
      id={`tab-${tab}`}
      aria-selected={tab === current}
      aria-controls="panel-rides"
      className={`tab min-h-11 flex-1 flex-nowrap gap-1 px-2 whitespace-nowrap ${tab === current ? 'tab-active' : ''}`}
      onClick={() => onSelect(tab)}
    >
      {children}
    </button>
  );
}
