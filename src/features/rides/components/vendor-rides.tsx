import { Trans, useLingui } from '@lingui/react/macro';
import type { RideListItem } from '@shared/types/ride.ts';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';

import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth';
import { isPast } from '../../../lib/ride-rules';
import { useRide } from '../api/get-ride';
import { RIDE_PAGE_SIZE, type RideListParams, useRidePage } from '../api/get-ride-page';
import { RideCard } from './ride-card';
import { RideList } from './ride-list';

export type VendorTab = 'mine' | 'available';

// "Assign to me" on an available ride: the vendor feature's button, handed in by src/app.
export type AssignSlot = (ride: RideListItem) => ReactNode;

// Both lists are cut by the server (ADR 0009): the vendor's assignments, upcoming first and
// then past ones, and the open rides still to come, soonest first.
const ASSIGNED: RideListParams = {
  scope: 'assigned',
  time: 'all',
  direction: null,
  sort: 'earliest',
  limit: RIDE_PAGE_SIZE,
};
const AVAILABLE: RideListParams = {
  scope: 'available',
  time: 'upcoming',
  direction: null,
  sort: 'earliest',
  limit: RIDE_PAGE_SIZE,
};

// /vendor?rideId=N (a card's 'Assign to me') shows ride N in Available Rides, which may be
// pages away. The ride's own detail says where it would be (open, upcoming, its date): pages
// are read until it shows, or the list has passed its date or ended; a ride that is no longer
// available costs no page at all.
function useFindHighlighted(highlightId: number | null, available: ReturnType<typeof useRidePage>, active: boolean) {
  const target = useRide(active && highlightId ? highlightId : 0);
  const found = Boolean(highlightId && available.data?.some((ride) => ride.id === highlightId));
  const ride = target.data;
  const last = available.data?.at(-1);
  const mayBeFurther =
    active &&
    !found &&
    ride !== undefined &&
    ride.status === 'open' &&
    !isPast(ride) &&
    last !== undefined &&
    Date.parse(last.date) <= Date.parse(ride.date);
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = available;

  useEffect(() => {
    if (mayBeFurther && hasNextPage && !isFetching && !isFetchNextPageError)
      void fetchNextPage({ cancelRefetch: false });
  }, [mayBeFurther, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);
}

// The vendor dashboard's lists (the vendor feature's page holds them, by src/app): the tab on
// screen, the ride a card's 'Assign to me' link named brought into view and marked.
export function VendorRides({
  tab,
  highlightId,
  assign,
}: {
  tab: VendorTab;
  highlightId: number | null;
  assign?: AssignSlot;
}) {
  const { t } = useLingui();
  const { data: user } = useUser();
  // Only the tab on screen is read.
  const mine = useRidePage(ASSIGNED, tab === 'mine');
  const available = useRidePage(AVAILABLE, tab === 'available');
  const list = tab === 'mine' ? mine : available;
  useFindHighlighted(highlightId, available, tab === 'available');
  const loadError = list.error?.message;

  if (list.isPending) return <Spinner label={t`Loading rides…`} />;
  if (!list.data) {
    return (
      <div role="alert" className="alert alert-error">
        <Trans>Could not load rides: {loadError}</Trans>
      </div>
    );
  }
  if (list.data.length === 0) {
    return (
      <p className="py-8 text-center">
        {tab === 'mine' ? <Trans>No assigned rides yet.</Trans> : <Trans>No available rides at the moment.</Trans>}
      </p>
    );
  }
  return (
    <RideList
      rides={list.data}
      paging={list}
      withActions
      renderRide={(ride) => (
        <RideCard
          ride={ride}
          currentUserId={user?.id ?? null}
          isVendor
          showAssignLink={false}
          highlighted={ride.id === highlightId}
          actions={
            tab === 'available' ? (
              assign?.(ride)
            ) : (
              <Link to={`/rides/${ride.id}`} className="btn btn-outline btn-sm min-h-11">
                <Trans>View Details</Trans>
              </Link>
            )
          }
        />
      )}
    />
  );
}
