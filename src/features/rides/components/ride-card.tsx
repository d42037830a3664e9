import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride, RideListItem } from '@shared/types/ride.ts';
import { memo, type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

import { CalendarIcon, MoneyIcon, PinIcon, UsersIcon } from '../../../components/icons';
import { OrganizedBy } from '../../../components/organized-by';
import { formatDateTime, formatSgd, formatShortDay, singaporeDay } from '../../../lib/format';
import {
  badgeLabel,
  directionLabel,
  organiserName,
  type RideBadge,
  rideBadge,
  ridePrice,
} from '../../../lib/ride-rules';
import { seriesIdOf, type SeriesLink } from '../../../lib/series-link';
import { useJoinedRideIds } from '../api/get-joined-rides';
import { CardLocation } from './card-location';

const badgeStyles: Record<RideBadge, string> = {
  Past: 'badge-neutral',
  Joined: 'badge-success',
  'Your assignment': 'badge-info',
  Full: 'badge-error',
  'Your Ride': 'badge-secondary',
  Join: 'badge-primary',
};

// What a card reads: a ride of a windowed list (ADR 0009) is enough; a whole ride, as the
// detail call and SPEC's full list give it, also fits, and its organiser's username is then used
// where the organiser has no name.
export type CardRide = RideListItem & Partial<Pick<Ride, 'creatorName' | 'creator'>> & SeriesLink;

function RideBadgeView({ badge, joinHref }: { badge: RideBadge; joinHref?: string }) {
  const { t } = useLingui();
  if (badge === 'Join' && joinHref) {
    // Above the card's stretched title link (z-10), so a tap on Join opens the join page; 44 px
    // tall, a finger's width.
    return (
      <span className="hover-tip relative z-10 shrink-0" data-tip={t`Join this ride group & contact organizer`}>
        <Link
          to={joinHref}
          className={`badge ${badgeStyles.Join} h-11 px-4`}
          title={t`Join this ride group & contact organizer`}
        >
          <Trans>Join</Trans>
        </Link>
      </span>
    );
  }
  return <span className={`badge ${badgeStyles[badge]} shrink-0`}>{badgeLabel(badge)}</span>;
}

// One line of the card: the icon keeps its size, the text wraps beside it.
function IconRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      {icon}
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

// The whole card opens the ride: the title link's ::after covers the card (a "stretched link"),
// so there is one link to focus and no link wrapped around other controls. What must keep its
// own target (Join, the actions) sits above it with z-10.
//
// Memoised: a list that grows by a page, or refreshes, keeps the rides that did not change as
// the same objects (the query's structural sharing), so their cards are not built again.
export const RideCard = memo(function RideCard({
  ride,
  currentUserId,
  isVendor = false,
  showAssignLink = isVendor,
  actions,
  highlighted = false,
  seriesNext = false,
}: {
  ride: CardRide;
  currentUserId: number | null;
  isVendor?: boolean;
  // The vendor dashboard shows its own assign button instead.
  showAssignLink?: boolean;
  actions?: ReactNode;
  highlighted?: boolean;
  // The list shows a weekly series once, by this its next date (ADR 0037).
  seriesNext?: boolean;
}) {
  // The member's joined rides (one cached request shared by every card; none for a visitor);
  // while unknown, no badge (ride-rules' rideBadge).
  const joinedIds = useJoinedRideIds();
  // The highlighted card (the vendor's ?rideId=) brings itself into view once it is on the page:
  // a list renders its cards after its data arrives (ride-list), so only the card knows when.
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) card.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [highlighted]);
  const badge = rideBadge(ride, joinedIds ? { userId: currentUserId, joined: joinedIds.includes(ride.id) } : null);
  const price = ridePrice(ride);
  const fare = formatSgd(price.total);
  const assignLink = showAssignLink && ride.status === 'open';
  const titleId = `ride-${ride.id}-title`;
  const organiser = organiserName(ride);
  const passengers = ride.currentPassengers;
  const seats = ride.maxPassengers;
  // A departed date is no series' next one.
  const showNext = seriesNext && badge !== 'Past';
  const nextDay = showNext ? formatShortDay(singaporeDay(ride.date)) : '';
  return (
    <article
      ref={card}
      aria-labelledby={titleId}
      id={`ride-${ride.id}`}
      className={`card relative border bg-base-100 shadow-sm transition-shadow hover:shadow-md ${badge === 'Past' ? 'opacity-60' : ''} ${
        highlighted ? 'border-primary ring-2 ring-primary' : 'border-base-300'
      }`}
    >
      <div className="card-body gap-2 px-4 py-3">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="card-title min-w-0 text-base">
            <Link
              to={`/rides/${ride.id}`}
              className="link-hover inline-flex min-h-11 items-center rounded-sm after:absolute after:inset-0 after:rounded-box after:content-[''] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              {directionLabel(ride.direction)}
            </Link>
          </h3>
          {/* A vendor drives, never joins: their cards wear no green Join that looks like a button
              (issue 37 §6); Assign to me is their action. */}
          {badge && !(isVendor && badge === 'Join') ? (
            <RideBadgeView badge={badge} joinHref={isVendor ? undefined : `/rides/${ride.id}/join`} />
          ) : null}
        </div>
        <OrganizedBy organiser={organiser} />
        <ul className="flex flex-col gap-1 text-sm">
          <IconRow icon={<CalendarIcon />}>
            {formatDateTime(ride.date)}
            {/* Issue 27: one date of a weekly series, each its own card. */}
            {seriesIdOf(ride) !== null ? (
              <span className="badge badge-outline badge-sm ms-2 whitespace-nowrap">
                {showNext ? <Trans>Weekly · next {nextDay}</Trans> : <Trans>Weekly</Trans>}
              </span>
            ) : null}
          </IconRow>
          <IconRow icon={<PinIcon />}>
            <CardLocation ride={ride} />
          </IconRow>
          {/* Issue 37 §3: where in Forest City the car picks everyone up, for the riders and the
              driver alike (the vendor dashboard shows these cards too). */}
          {ride.direction === 'FC->SG' && ride.meetingPoint ? (
            <IconRow icon={<PinIcon />}>
              <Trans>
                Meet in Forest City: <span translate="no">{ride.meetingPoint}</span>
              </Trans>
            </IconRow>
          ) : null}
          <IconRow icon={<UsersIcon />}>
            <Trans>
              {passengers} / {seats} passengers
            </Trans>
          </IconRow>
          <IconRow icon={<MoneyIcon />}>
            {/* A vendor reads what the driver is paid for the car, not each rider's seat. */}
            <span className="flex flex-col">
              <span>{isVendor ? <Trans>Fare: {fare}</Trans> : price.now}</span>
              {price.surcharge ? <span>{price.surcharge}</span> : null}
              {isVendor ? null : <span>{price.ifFull}</span>}
            </span>
          </IconRow>
        </ul>
        {/* No empty row under an all-rides card: it only pushed the next card down the phone.
            Each action is lifted above the stretched link; the gaps between them open the ride. */}
        {actions || assignLink ? (
          <div className="card-actions mt-2 flex flex-wrap gap-2 *:relative *:z-10">
            {actions}
            {assignLink ? (
              <Link to={`/vendor?rideId=${ride.id}`} className="btn btn-primary btn-sm min-h-11">
                <Trans>Assign to me</Trans>
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
});
