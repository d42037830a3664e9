import { Plural, Trans } from '@lingui/react/macro';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { formatDate } from '../../../lib/format';
import { directionLabel, isFull, isPast, remainingSpots, statusLabel } from '../../../lib/ride-rules';
import { seriesIdOf } from '../../../lib/series-link';
import { CancelRideButton } from './cancel-ride-button';
import { JumpToJoinButton } from './join-form';
import { ShareButton } from './share-button';

// The ride page's first card: where and when, its status, the seats, and what the reader may do
// from here (join, edit, share, add to a calendar, cancel).
export function RideSummaryCard({
  ride,
  passengers,
  isOrganiser,
  isDriver,
  joinable,
  openVisitorForm,
  calendar,
}: {
  ride: Ride;
  passengers: Passenger[] | undefined;
  isOrganiser: boolean;
  isDriver: boolean;
  // A member or a visitor may join from this page: "Join" brings the form into view.
  joinable: boolean;
  openVisitorForm?: () => void;
  // The calendar feature's button, for the ride's organiser and passengers.
  calendar: ReactNode;
}) {
  const past = isPast(ride);
  const full = isFull(ride);
  const aboard = ride.currentPassengers;
  const seats = ride.maxPassengers;
  const spotsLeft = remainingSpots(ride);
  return (
    <section className="card border border-base-300 bg-base-100 p-4" aria-labelledby="ride-title">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 id="ride-title" className="text-2xl font-bold">
            {directionLabel(ride.direction)}
          </h1>
          <p>{formatDate(ride.date)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* "Open" says no driver has taken it yet; beside "Full" it read as open to join. */}
          {full && ride.status === 'open' ? null : (
            <span className="badge badge-outline">{statusLabel(ride.status)}</span>
          )}
          {isDriver ? (
            <span className="badge badge-info">
              <Trans>Your assignment</Trans>
            </span>
          ) : null}
          {full ? (
            <span className="badge badge-error">
              <Trans>Full</Trans>
            </span>
          ) : null}
        </div>
      </div>
      <p className="mt-2">
        <Trans>
          {aboard} / {seats} passengers
        </Trans>
        {!full && !past ? (
          <>
            {' · '}
            <Plural value={spotsLeft} one="# spot left" other="# spots left" />
          </>
        ) : null}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {joinable ? <JumpToJoinButton open={openVisitorForm} /> : null}
        {isOrganiser && !past ? (
          <Link to={`/rides/edit/${ride.id}`} className="btn btn-outline btn-sm min-h-11">
            <Trans>Edit Ride</Trans>
          </Link>
        ) : null}
        <ShareButton ride={ride} passengers={passengers} />
        {calendar}
        {isOrganiser && !past ? (
          <CancelRideButton rideId={ride.id} told={passengers?.length ?? null} seriesDate={seriesIdOf(ride) !== null} />
        ) : null}
      </div>
    </section>
  );
}
