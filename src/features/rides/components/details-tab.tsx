import { Plural, Trans } from '@lingui/react/macro';
import { pickupPlace, rideRoute } from '@shared/stops.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';

import type { User } from '../../../lib/auth';
import { formatClockTime, formatDate, formatDateTime } from '../../../lib/format';
import type { MemberSlot } from '../../../lib/member-slot';
import { directionLabel, isAssignedVendor, isFull, isPast, remainingSpots, statusLabel } from '../../../lib/ride-rules';
import { seriesIdOf } from '../../../lib/series-link';
import { AddToCalendarButton } from '../../calendar/components/add-to-calendar-button';
import { BookedDriverCard } from '../../drivers/components/booked-driver-card';
import { CancelRideButton } from './cancel-ride-button';
import { CostBreakdown } from './cost-breakdown';
import { JoinForm, JumpToJoinButton, jumpToJoinForm, type NewMemberSlot } from './join-form';
import { JoinedCard } from './joined-card';
import { LazySequencePanel } from '../../stop-order/components/lazy-sequence-panel';
import { LazySeriesCard } from '../../ride-series/components/lazy-series';
import { LoginRequiredCard } from './login-required-card';
import { OrganizerCard } from './organizer-card';
import { OrganizerResponsibilitiesCard } from '../../drivers/components/organizer-responsibilities-card';
import { PastRideCard } from './past-ride-card';
import { PaymentCard } from '../../payments/components/payment-card';
import { PlanReturnButton } from './plan-return-button';
import { ReturnTripCard } from './return-trip-card';
import { RideAgainButton } from './ride-again-button';
import { RideVendorCard } from '../../vendor/components/ride-vendor-card';
import { ShareButton } from './share-button';
import { OrganizerWaitlistCard, WaitlistCard } from '../../waitlist/components/waitlist-card';

// Issue 14 §2: the border checklist, composed in by src/app (features do not import each other),
// shown to the people travelling on an upcoming ride.
export type BorderChecklistSlot = (
  ride: Ride,
  traveller: { user: User; passengers: Passenger[] | undefined },
) => ReactNode;

export function DetailsTab({
  ride,
  user,
  passengers,
  borderChecklist,
  newMember,
  announcement,
  member,
}: {
  ride: Ride;
  user: User | null;
  passengers: Passenger[] | undefined;
  borderChecklist?: BorderChecklistSlot;
  newMember?: NewMemberSlot;
  // The organiser's pinned chat message, for the people in the ride's conversation (issue 25).
  announcement?: ReactNode;
  member?: MemberSlot;
}) {
  const past = isPast(ride);
  const full = isFull(ride);
  const isCreator = user?.id === ride.creatorId;
  const isPassenger = Boolean(user && passengers?.some((passenger) => passenger.userId === user.id));
  // The vendor driving the ride is not a passenger on it: no Join form for them.
  const isDriver = isAssignedVendor(ride, user?.id);
  const canJoin =
    Boolean(user) && !isCreator && !isDriver && !isPassenger && !full && !past && passengers !== undefined;
  // Issue 21: a visitor on the shared link registers and joins in one form, one step behind the
  // Login Required card SPEC §2 shows them (issue 37): "Join" or the card's button opens it.
  const canRegisterAndJoin = !user && !full && !past && newMember !== undefined;
  const [visitorJoining, setVisitorJoining] = useState(false);
  const openVisitorForm = canRegisterAndJoin ? () => setVisitorJoining(true) : undefined;
  // The route every screen numbers the same way (_shared/stops.ts), the organiser's stop first.
  const route = rideRoute(ride, passengers ?? []);
  // Who drives is for the people on the trip; the vendor and the organiser may release it.
  const showVendor = ride.status === 'assigned' && (isCreator || isPassenger || isDriver);
  const releaseAs = past ? null : isDriver ? 'vendor' : isCreator ? 'organizer' : null;
  const aboard = ride.currentPassengers;
  const seats = ride.maxPassengers;
  const spotsLeft = remainingSpots(ride);
  // SPEC §2: the drop-off sequence is the organiser's, on an FC->SG ride still to come; an SG->FC
  // ride's pickup order is the organiser's and the assigned driver's (issue 37 §3, ADR 0040).
  const canOrder = !past && (ride.direction === 'FC->SG' ? isCreator : isCreator || isDriver);
  // "Pickup 2 of 3 · about 8:20 am": the passenger's own place once the pickup order is set.
  const own = user ? passengers?.find((passenger) => passenger.userId === user.id) : undefined;
  const ownPickup = own ? pickupPlace(route, own) : null;
  const [ordering, setOrdering] = useState(false);
  const seriesId = seriesIdOf(ride);

  return (
    <div className="flex flex-col gap-4">
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
          {canJoin || canRegisterAndJoin ? <JumpToJoinButton open={openVisitorForm} /> : null}
          {isCreator && !past ? (
            <Link to={`/rides/edit/${ride.id}`} className="btn btn-outline btn-sm min-h-11">
              <Trans>Edit Ride</Trans>
            </Link>
          ) : null}
          <ShareButton ride={ride} passengers={passengers} />
          {(isCreator || isPassenger) && !past ? <AddToCalendarButton rideId={ride.id} /> : null}
          {isCreator && !past ? (
            <CancelRideButton rideId={ride.id} told={passengers?.length ?? null} seriesDate={seriesId !== null} />
          ) : null}
        </div>
      </section>

      {announcement}

      {seriesId !== null ? (
        <LazySeriesCard ride={ride} seriesId={seriesId} user={user} passengers={passengers} />
      ) : null}

      <section className="card border border-base-300 bg-base-100 p-4" aria-labelledby="info-title">
        <h2 id="info-title" className="mb-2 text-lg font-semibold">
          <Trans>Ride information</Trans>
        </h2>
        <dl className="mb-4 grid gap-2">
          <div>
            <dt className="text-sm font-medium">
              <Trans>Date and time</Trans>
            </dt>
            <dd>{formatDateTime(ride.date)}</dd>
          </div>
          {ownPickup && own ? <OwnPickup place={ownPickup} time={own.pickupTime} /> : null}
          {ride.direction === 'SG->FC' ? (
            <div>
              <dt className="text-sm font-medium">
                <Trans>Pickup location</Trans>
              </dt>
              <dd>
                <span className="whitespace-pre-line" translate="no">
                  {ride.pickupLocation}
                </span>
                {canOrder ? (
                  <div>
                    <OrderButton ride={ride} ordering={ordering} setOrdering={setOrdering} />
                  </div>
                ) : null}
              </dd>
            </div>
          ) : (
            <>
              {ride.meetingPoint ? (
                <div>
                  <dt className="text-sm font-medium">
                    <Trans>Meeting point in Forest City</Trans>
                  </dt>
                  <dd className="whitespace-pre-line" translate="no">
                    {ride.meetingPoint}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt className="text-sm font-medium">
                  <Trans>Drop-off locations</Trans>
                </dt>
                <dd>
                  <ol className="list-decimal pl-5">
                    {route.stops.flatMap((stop) =>
                      stop.location
                        ? [
                            <li
                              key={stop.number}
                              value={stop.number ?? undefined}
                              className="whitespace-pre-line"
                              translate="no"
                            >
                              {stop.location}
                            </li>,
                          ]
                        : [],
                    )}
                  </ol>
                  {canOrder ? <OrderButton ride={ride} ordering={ordering} setOrdering={setOrdering} /> : null}
                </dd>
              </div>
            </>
          )}
        </dl>
        <h3 className="mb-1 font-medium">
          <Trans>Cost breakdown</Trans>
        </h3>
        <CostBreakdown ride={ride} />
      </section>

      {/* Issue 21: the organiser orders and locks the drop-offs from the ride itself, not only
          from Home › My Rides. */}
      {canOrder && ordering ? <LazySequencePanel ride={ride} asDriver={isDriver} /> : null}

      {past ? <PastRideCard ride={ride} /> : null}
      {!user ? (
        <LoginRequiredCard joinHere={openVisitorForm ? () => jumpToJoinForm(openVisitorForm) : undefined} />
      ) : null}
      {showVendor ? <RideVendorCard ride={ride} releaseAs={releaseAs} /> : null}
      {user && (isCreator || isPassenger) ? <BookedDriverCard ride={ride} /> : null}
      {isCreator && !past ? <OrganizerResponsibilitiesCard /> : null}
      {user && !isCreator ? <OrganizerCard ride={ride} canFollow={isPassenger} member={member} /> : null}
      {isPassenger && user ? (
        <JoinedCard ride={ride} payment={<PaymentCard ride={ride} user={user} passengers={passengers ?? []} />} />
      ) : null}
      {user && (isCreator || isPassenger) && !past && borderChecklist
        ? borderChecklist(ride, { user, passengers })
        : null}
      {/* Issue 14 §3: the way back, planned by the organiser, joined by who rode out. */}
      <ReturnTripCard ride={ride} user={user} passengers={passengers} canJoin={canJoin} />
      <PlanReturnButton ride={ride} userId={user?.id} />
      <RideAgainButton ride={ride} userId={user?.id} />
      {canJoin ? (
        <JoinForm ride={ride} />
      ) : canRegisterAndJoin && visitorJoining ? (
        <JoinForm ride={ride} newMember={newMember} />
      ) : null}
      {/* Issue 13: a full ride, or one with fewer spots than the party, offers its waitlist. */}
      {user && !isCreator && !isDriver && !isPassenger && !past && passengers !== undefined ? (
        <WaitlistCard ride={ride} />
      ) : null}
      {isCreator && !past ? <OrganizerWaitlistCard ride={ride} /> : null}
    </div>
  );
}

// Opens the stop order panel: the drop-off order FC->SG, the pickup order SG->FC.
function OrderButton({
  ride,
  ordering,
  setOrdering,
}: {
  ride: Ride;
  ordering: boolean;
  setOrdering: (change: (open: boolean) => boolean) => void;
}) {
  const pickups = ride.direction === 'SG->FC';
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm mt-2 min-h-11"
      aria-expanded={ordering}
      aria-controls={`sequence-${ride.id}-title`}
      onClick={() => setOrdering((open) => !open)}
    >
      {pickups ? (
        ordering ? (
          <Trans>Hide the pickup order</Trans>
        ) : (
          <Trans>Set the pickup order</Trans>
        )
      ) : ordering ? (
        <Trans>Hide the drop-off order</Trans>
      ) : (
        <Trans>Set the drop-off order</Trans>
      )}
    </button>
  );
}

// Issue 37 §3: where the passenger is in the pickup order, and about when the car comes, in
// Singapore time.
function OwnPickup({ place, time }: { place: { number: number; of: number }; time: string | null }) {
  const { number, of: count } = place;
  const at = time ? formatClockTime(time) : null;
  return (
    <div data-testid="own-pickup">
      <dt className="text-sm font-medium">
        <Trans>Your pickup</Trans>
      </dt>
      <dd className="font-semibold">
        {at ? (
          <Trans>
            Pickup {number} of {count} · about {at}
          </Trans>
        ) : (
          <Trans>
            Pickup {number} of {count}
          </Trans>
        )}
      </dd>
    </div>
  );
}
