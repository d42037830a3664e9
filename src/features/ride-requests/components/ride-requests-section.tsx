import { Trans, useLingui } from '@lingui/react/macro';
import type { Direction } from '@shared/types/ride.ts';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth';
import { useRideRequests } from '../api/get-ride-requests';
import { filterRideRequests, type RequestFilters } from '../ride-requests';
import { RideRequestCard } from './ride-request-card';

type DirectionFilter = RequestFilters['direction'];

function askForRidePath(direction: DirectionFilter | Direction): string {
  return direction === 'all' ? '/requests/new' : `/requests/new?direction=${encodeURIComponent(direction)}`;
}

// Home's "Looking for a ride": the open requests that Home's filters let through, with their count.
// Whole on its own tab; the first few below an empty list of rides (shownAtFirst).
export function RideRequestsSection({ filters, shownAtFirst }: { filters: RequestFilters; shownAtFirst?: number }) {
  const { t } = useLingui();
  const { data: user } = useUser();
  const requests = useRideRequests();
  const [showAll, setShowAll] = useState(shownAtFirst === undefined);
  const shown = requests.data ? filterRideRequests(requests.data, filters) : [];
  const count = shown.length;
  const firstFew = shownAtFirst ?? count;
  const visible = showAll ? shown : shown.slice(0, firstFew);

  return (
    <section aria-labelledby="ride-requests-title" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ride-requests-title" className="font-semibold">
          <Trans>Looking for a ride</Trans> <span className="badge badge-neutral">{count}</span>
        </h2>
        {user?.isVendor ? null : (
          <Link to={askForRidePath(filters.direction)} className="btn btn-outline btn-sm min-h-11">
            <Trans>Ask for a ride</Trans>
          </Link>
        )}
      </div>
      {requests.isError ? (
        <p role="alert" className="text-sm text-error">
          <Trans>Could not load ride requests.</Trans>
        </p>
      ) : null}
      {visible.map((request) => (
        <RideRequestCard key={request.id} request={request} user={user} />
      ))}
      {requests.isPending ? <Spinner label={t`Loading ride requests…`} /> : null}
      {requests.data && count === 0 ? (
        <p className="py-4 text-center text-sm">
          <Trans>Nobody is looking for a ride like this yet.</Trans>
        </p>
      ) : null}
      {count > firstFew && !showAll ? (
        <button type="button" className="btn btn-ghost btn-sm min-h-11 self-start" onClick={() => setShowAll(true)}>
          {t`Show all ${count} requests`}
        </button>
      ) : null}
    </section>
  );
}

// The empty filtered list's way out besides "Clear filters": ask for the ride that is missing.
export function AskForRideLink({ direction }: { direction: DirectionFilter }) {
  return (
    <Link to={askForRidePath(direction)} className="btn btn-primary min-h-11">
      <Trans>No rides match — ask for one</Trans>
    </Link>
  );
}

// The Requests tab's count on Home, of the requests its filters let through; asked for once
// `enabled` (Home's rides are on screen, or the tab is open), so it never delays them.
export function RideRequestCount({ filters, enabled }: { filters: RequestFilters; enabled: boolean }) {
  const requests = useRideRequests(enabled);
  if (!requests.data) return null;
  return <span className="badge badge-neutral badge-sm">{filterRideRequests(requests.data, filters).length}</span>;
}
