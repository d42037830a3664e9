import { rideRoute } from '@shared/stops.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { type ReactNode, useState } from 'react';

import type { User } from '../../../lib/auth';
import { isAssignedVendor, isFull, isPast } from '../../../lib/ride-rules';
import { seriesIdOf } from '../../../lib/series-link';
import { usePassengers } from '../api/get-passengers';
import { JoinForm, jumpToJoinForm } from './join-form';
import { JoinedCard } from './joined-card';
import { LoginRequiredCard } from './login-required-card';
import { OrganiserCard } from './organiser-card';
import { PastRideCard } from './past-ride-card';
import { PlanReturnButton } from './plan-return-button';
import { ReturnTripCard } from './return-trip-card';
import { RideAgainButton } from './ride-again-button';
import { RideInformation } from './ride-information';
import type { RidePageSlots, StopOrderSlot } from './ride-page-slots';
import { RideSummaryCard } from './ride-summary-card';

// The ride page's Details tab: the ride, and for each reader what is theirs to do about it. The
// parts other features own (the series, the waitlist, payments, the vendor, the stop order, the
// drivers, following the organiser, the calendar, the border checklist) come in by slots.
export function DetailsTab({
  ride,
  user,
  passengers,
  announcement,
  slots,
}: {
  ride: Ride;
  user: User | null;
  passengers: Passenger[] | undefined;
  // The organiser's pinned chat message, for the people in the ride's conversation (issue 25).
  announcement?: ReactNode;
  slots: RidePageSlots;
}) {
  const past = isPast(ride);
  const full = isFull(ride);
  const isOrganiser = user?.id === ride.creatorId;
  const isPassenger = Boolean(user && passengers?.some((passenger) => passenger.userId === user.id));
  // The vendor driving the ride is not a passenger on it: no Join form for them.
  const isDriver = isAssignedVendor(ride, user?.id);
  const canJoin =
    Boolean(user) && !isOrganiser && !isDriver && !isPassenger && !full && !past && passengers !== undefined;
  // Issue 21: a visitor on the shared link registers and joins in one form, one step behind the
  // Login Required card SPEC §2 shows them (issue 37): "Join" or the card's button opens it.
  const canRegisterAndJoin = !user && !full && !past && slots.newMember !== undefined;
  const [visitorJoining, setVisitorJoining] = useState(false);
  const openVisitorForm = canRegisterAndJoin ? () => setVisitorJoining(true) : undefined;
  // The route every screen numbers the same way (_shared/stops.ts), the organiser's stop first.
  const route = rideRoute(ride, passengers ?? []);
  // Who drives is for the people on the trip; the vendor and the organiser may release it.
  const showVendor = ride.status === 'assigned' && (isOrganiser || isPassenger || isDriver);
  const releaseAs = past ? null : isDriver ? 'vendor' : isOrganiser ? 'organizer' : null;
  // SPEC §2: the drop-off sequence is the organiser's, on an FC->SG ride still to come; an SG->FC
  // ride's pickup order is the organiser's and the assigned driver's (issue 37 §3, ADR 0040).
  const canOrder = !past && (ride.direction === 'FC->SG' ? isOrganiser : isOrganiser || isDriver) && !!slots.stopOrder;
  const own = user ? passengers?.find((passenger) => passenger.userId === user.id) : undefined;
  const [ordering, setOrdering] = useState(false);
  const seriesId = seriesIdOf(ride);

  return (
    <div className="flex flex-col gap-4">
      <RideSummaryCard
        ride={ride}
        passengers={passengers}
        isOrganiser={isOrganiser}
        isDriver={isDriver}
        joinable={canJoin || canRegisterAndJoin}
        openVisitorForm={openVisitorForm}
        calendar={(isOrganiser || isPassenger) && !past ? slots.calendar?.(ride) : null}
      />

      {announcement}

      {seriesId !== null ? slots.series?.(ride, seriesId, { user, passengers }) : null}

      <RideInformation
        ride={ride}
        route={route}
        own={own}
        canOrder={canOrder}
        ordering={ordering}
        setOrdering={setOrdering}
      />

      {/* Issue 21: the organiser orders and locks the drop-offs from the ride itself, not only
          from Home › My Rides. */}
      {canOrder && ordering && slots.stopOrder ? (
        <StopOrder ride={ride} asDriver={isDriver} stopOrder={slots.stopOrder} />
      ) : null}

      {past ? <PastRideCard ride={ride} /> : null}
      {!user ? (
        <LoginRequiredCard joinHere={openVisitorForm ? () => jumpToJoinForm(openVisitorForm) : undefined} />
      ) : null}
      {showVendor ? slots.vendor?.(ride, releaseAs) : null}
      {user && (isOrganiser || isPassenger) ? slots.bookedDriver?.(ride) : null}
      {isOrganiser && !past ? slots.organiserDrivers?.() : null}
      {user && !isOrganiser ? (
        <OrganiserCard ride={ride} follow={isPassenger ? slots.follow : undefined} member={slots.member} />
      ) : null}
      {isPassenger && user ? (
        <JoinedCard ride={ride} payment={slots.payment?.(ride, { user, passengers: passengers ?? [] })} />
      ) : null}
      {user && (isOrganiser || isPassenger) && !past && slots.borderChecklist
        ? slots.borderChecklist(ride, { user, passengers })
        : null}
      {/* Issue 14 §3: the way back, planned by the organiser, joined by who rode out. */}
      <ReturnTripCard ride={ride} user={user} passengers={passengers} canJoin={canJoin} />
      <PlanReturnButton ride={ride} userId={user?.id} />
      <RideAgainButton ride={ride} userId={user?.id} />
      {canJoin ? (
        <JoinForm ride={ride} joinEveryDate={slots.joinEveryDate} />
      ) : canRegisterAndJoin && visitorJoining ? (
        <JoinForm ride={ride} newMember={slots.newMember} />
      ) : null}
      {/* Issue 13: a full ride, or one with fewer spots than the party, offers its waitlist. */}
      {user && !isOrganiser && !isDriver && !isPassenger && !past && passengers !== undefined
        ? slots.waitlist?.(ride, { organiser: false })
        : null}
      {isOrganiser && !past ? slots.waitlist?.(ride, { organiser: true }) : null}
    </div>
  );
}

// The stop order panel reads the passengers as the page does (one query, one cache entry).
function StopOrder({ ride, asDriver, stopOrder }: { ride: Ride; asDriver: boolean; stopOrder: StopOrderSlot }) {
  const passengers = usePassengers(ride.id, true);
  return stopOrder(ride, { passengers, asDriver });
}
