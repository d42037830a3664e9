import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride, RideListItem } from '@shared/types/ride.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Spinner } from '../../../components/spinner';
import type { User } from '../../../lib/auth';
import { unreadFor, useChatUnread } from '../../../lib/chat-unread';
import { isPast } from '../../../lib/ride-rules';
import { usePassengers } from '../api/get-passengers';
import { useRide } from '../api/get-ride';
import { useRidePage } from '../api/get-ride-page';
import { JOINED, ORGANIZED, OWN_FC_TO_SG } from '../my-rides-lists';
import { RideCard } from './ride-card';
import { MoreButton, type PagedRides, RideList } from './ride-list';
import type { PassengersRead, StopOrderSlot, TodayRidesSlot } from './ride-page-slots';
import { ShareButton } from './share-button';

export function MyRides({ user, stopOrder, today }: { user: User; stopOrder?: StopOrderSlot; today?: TodayRidesSlot }) {
  const organized = useRidePage(ORGANIZED);
  const joined = useRidePage(JOINED);
  const ownFcToSg = useRidePage(OWN_FC_TO_SG);
  // Each ride's unread chat messages; a failed ask shows the cards without them.
  const unread = useChatUnread(true);
  const { t } = useLingui();
  const unreadOf = (rideId: number) => unreadFor(unread.data, rideId);

  if (organized.isPending || joined.isPending) return <Spinner label={t`Loading your rides…`} />;
  if (!organized.data || !joined.data) {
    const loadError = (organized.error ?? joined.error)?.message;
    return (
      <div role="alert" className="alert alert-error">
        <Trans>Could not load your rides: {loadError}</Trans>
      </div>
    );
  }

  if (organized.data.length === 0 && joined.data.length === 0) {
    return (
      <p className="py-8 text-center">
        <Trans>You haven't created or joined any rides yet.</Trans>
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      {today?.([...organized.data, ...joined.data])}
      {stopOrder && ownFcToSg.data && ownFcToSg.data.length > 0 ? (
        <section aria-labelledby="sequence-title" className="flex flex-col gap-3">
          <h2 id="sequence-title" className="text-xl font-semibold">
            <Trans>Manage Drop-off Sequence</Trans>
          </h2>
          {ownFcToSg.data.map((ride) => (
            <div key={ride.id}>
              <WithFullRide id={ride.id}>{(full, passengers) => stopOrder(full, { passengers })}</WithFullRide>
            </div>
          ))}
          <MoreButton paging={ownFcToSg} label={t`Show more drop-off sequences`} />
        </section>
      ) : null}

      <RideSection
        id="organized"
        title={t`Rides You Organized`}
        moreLabel={t`Show more rides you organized`}
        rides={organized.data}
        paging={organized}
        userId={user.id}
        unreadOf={unreadOf}
        // A past ride is its trip's record (only the admin changes it): nothing to edit.
        link={(ride) => (isPast(ride) ? [`/rides/${ride.id}`, t`View Details`] : [`/rides/edit/${ride.id}`, t`Edit`])}
      />
      <RideSection
        id="joined"
        title={t`Rides You Joined`}
        moreLabel={t`Show more rides you joined`}
        rides={joined.data}
        paging={joined}
        userId={user.id}
        unreadOf={unreadOf}
        link={(ride) => [`/rides/${ride.id}`, t`View Details`]}
      />
    </div>
  );
}

// The sequence panel reads what a list item leaves out (whether the order is locked), so it
// gets the ride's detail: cached per ride, and the copy the lock and unlock answers update at
// once; and its passengers, as the ride page reads them.
function WithFullRide({
  id,
  children,
}: {
  id: number;
  children: (ride: Ride, passengers: PassengersRead) => ReactNode;
}) {
  const ride = useRide(id);
  const passengers = usePassengers(id, true);
  const { t } = useLingui();
  if (ride.data) return children(ride.data, passengers);
  if (ride.isPending) return <Spinner label={t`Loading passengers...`} />;
  const loadError = ride.error?.message;
  return (
    <p role="alert" className="text-error">
      <Trans>Could not load this ride: {loadError}</Trans>
    </p>
  );
}

// Each ride with Share and one link (Edit for your own upcoming rides, View Details otherwise).
function RideSection({
  id,
  title,
  moreLabel,
  rides,
  paging,
  userId,
  unreadOf,
  link,
}: {
  id: string;
  title: string;
  moreLabel: string;
  rides: RideListItem[];
  paging: PagedRides;
  userId: number;
  unreadOf: (rideId: number) => number;
  link: (ride: RideListItem) => [string, string];
}) {
  const { t } = useLingui();
  if (rides.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <RideList
        rides={rides}
        paging={paging}
        withActions
        moreLabel={moreLabel}
        renderRide={(ride) => {
          const [to, label] = link(ride);
          const unread = unreadOf(ride.id);
          return (
            <RideCard
              ride={ride}
              currentUserId={userId}
              actions={
                <>
                  <ShareButton ride={ride} />
                  <Link to={to} className="btn btn-outline btn-sm min-h-11">
                    {label}
                  </Link>
                  {unread > 0 ? (
                    <Link
                      to={`/rides/${ride.id}?tab=chat`}
                      className="btn btn-primary btn-sm min-h-11"
                      aria-label={t`Chat, ${unread} unread messages`}
                    >
                      <Trans>Chat</Trans>
                      <span aria-hidden="true" className="badge badge-error badge-sm font-bold">
                        {unread > 99 ? '99+' : unread}
                      </span>
                    </Link>
                  ) : null}
                </>
              }
            />
          );
        }}
      />
    </section>
  );
}
