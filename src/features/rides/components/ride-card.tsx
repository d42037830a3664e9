import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { cardLocationLine, directionLabel, organizerName, type RideBadge, rideBadge, ridePrice } from '../ride-rules';
import type { Ride } from '@shared/types/ride.ts';
import { CalendarIcon, MoneyIcon, PinIcon, UsersIcon } from '../../../components/icons';
import { useJoinedRideIds } from '../api/get-joined-rides';

const badgeStyles: Record<RideBadge, string> = {
  Past: 'badge-neutral',
  Joined: 'badge-success',
  'Your assignment': 'badge-info',
  Full: 'badge-error',
  'Your Ride': 'badge-secondary',
  Join: 'badge-primary',
};

export function RideBadgeView({ badge, joinHref }: { badge: RideBadge; joinHref?: string }) {
  if (badge === 'Join' && joinHref) {
    return (
      <span className="tooltip tooltip-left tooltip-delayed" data-tip="Join this ride group & contact organizer">
        <Link to={joinHref} className={`badge ${badgeStyles.Join} min-h-8 px-3`} title="Join this ride group & contact organizer">
          Join
        </Link>
      </span>
    );
  }
  return <span className={`badge ${badgeStyles[badge]}`}>{badge}</span>;
}

export function RideCard({
  ride,
  currentUserId,
  isVendor = false,
  showAssignLink = isVendor,
  actions,
  highlighted = false,
}: {
  ride: Ride;
  currentUserId: number | null;
  isVendor?: boolean;
  // The vendor dashboard shows its own assign button instead.
  showAssignLink?: boolean;
  actions?: ReactNode;
  highlighted?: boolean;
}) {
  // The member's joined rides (one cached request shared by every card; none for a visitor).
  const joined = useJoinedRideIds().includes(ride.id);
  const badge = rideBadge(ride, { userId: currentUserId, joined });
  const price = ridePrice(ride);
  const assignLink = showAssignLink && ride.status === 'open';
  const titleId = `ride-${ride.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      id={`ride-${ride.id}`}
      className={`card border bg-base-100 shadow-sm ${badge === 'Past' ? 'opacity-60' : ''} ${
        highlighted ? 'border-primary ring-2 ring-primary' : 'border-base-300'
      }`}
    >
      <div className="card-body gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="card-title text-base">
            <Link to={`/rides/${ride.id}`} className="link-hover">
              {directionLabel(ride.direction)}
            </Link>
          </h3>
          <RideBadgeView badge={badge} joinHref={isVendor ? undefined : `/rides/${ride.id}/join`} />
        </div>
        <p className="text-sm">
          Organized by <span className="font-medium">{organizerName(ride)}</span>
        </p>
        <ul className="flex flex-col gap-1 text-sm">
          <li className="flex items-center gap-2">
            <CalendarIcon /> {formatDateTime(ride.date)}
          </li>
          <li className="flex items-center gap-2">
            <PinIcon /> {cardLocationLine(ride)}
          </li>
          <li className="flex items-center gap-2">
            <UsersIcon /> {ride.currentPassengers} / {ride.maxPassengers} passengers
          </li>
          <li className="flex items-start gap-2">
            <MoneyIcon className="shrink-0" />
            <span className="flex flex-col">
              <span>{price.now}</span>
              {price.surcharge ? <span>{price.surcharge}</span> : null}
              <span>{price.ifFull}</span>
            </span>
          </li>
        </ul>
        {/* No empty row under an all-rides card: it only pushed the next card down the phone. */}
        {actions || assignLink ? (
          <div className="card-actions mt-2 flex flex-wrap gap-2">
            {actions}
            {assignLink ? (
              <Link to={`/vendor?rideId=${ride.id}`} className="btn btn-primary btn-sm min-h-11">
                Assign to me
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
