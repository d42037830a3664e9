import { Trans } from '@lingui/react/macro';
import { newMemberSchema } from '@shared/schemas/auth.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';

import { registerMember } from '../../features/auth/api/register';
import { AcceptPoliciesField } from '../../features/auth/components/accept-policies-field';
import { NewAccountFields, NewMemberNameField } from '../../features/auth/components/new-account-fields';
import {
  BorderChecklistCard,
  type ChecklistDriver,
} from '../../features/border-checklist/components/border-checklist-card';
import { AddToCalendarButton } from '../../features/calendar/components/add-to-calendar-button';
import { useDriverContacts } from '../../features/drivers/api/get-driver-contacts';
import { BookedDriverCard } from '../../features/drivers/components/booked-driver-card';
import { OrganiserResponsibilitiesCard } from '../../features/drivers/components/organiser-responsibilities-card';
import { FollowOrganiserButton } from '../../features/follows/components/follow-organiser-button';
import { HandoverBanner } from '../../features/hand-overs/components/handover-banner';
import { HandoverButton } from '../../features/hand-overs/components/handover-button';
import { MemberTools } from '../../features/member-blocks/components/member-tools';
import { ReportButton } from '../../features/moderation/components/report-button';
import { PaymentCard } from '../../features/payments/components/payment-card';
import { LazyRideChat } from '../../features/ride-chat/components/lazy-ride-chat';
import { ChatTabLabel, PinnedAnnouncement } from '../../features/ride-chat/components/pinned-announcement';
import { LazyJoinEveryDateButton, LazySeriesCard } from '../../features/ride-series/components/lazy-series';
import { RideDetailPage } from '../../features/rides/components/ride-detail-page';
import type { NewMemberSlot } from '../../features/rides/components/ride-page-slots';
import { LazyStillComingCard } from '../../features/still-coming/components/lazy-still-coming-card';
import { LazySequencePanel } from '../../features/stop-order/components/lazy-sequence-panel';
import { LazyTodayCard } from '../../features/trip-day/components/lazy-today-card';
import { useRefreshTripDay } from '../../features/trip-day/refresh-trip-day';
import { useRideVendor } from '../../features/vendor/api/get-ride-vendor';
import { RideVendorCard } from '../../features/vendor/components/ride-vendor-card';
import { OrganiserWaitlistCard, WaitlistCard } from '../../features/waitlist/components/waitlist-card';
import type { User } from '../../lib/auth';

// Issue 21: a visitor on a shared ride link registers and joins in the ride's own join form,
// accepting the privacy notice and community rules there too (issue 26 §2).
const newMember: NewMemberSlot = {
  schema: newMemberSchema,
  fields: (
    <>
      <NewMemberNameField />
      <NewAccountFields />
      <AcceptPoliciesField />
    </>
  ),
  register: registerMember,
};

// Who drives, from what the ride detail reads anyway (the same queries, so nothing is asked
// twice, and their saved copies serve the checklist offline): the assigned vendor's driver,
// else the recommended driver the organiser booked.
function useChecklistDriver(ride: Ride): ChecklistDriver | null {
  const vendor = useRideVendor(ride.id, ride.status === 'assigned');
  const contacts = useDriverContacts();
  if (ride.status === 'assigned' && vendor.data) {
    return {
      name: vendor.data.driverName ?? vendor.data.companyName,
      plate: vendor.data.carNumber,
      contact: vendor.data.driverContact ?? vendor.data.whatsappNumber ?? vendor.data.malaysianNumber,
    };
  }
  const booked =
    ride.driverContactId == null ? undefined : contacts.data?.find((driver) => driver.id === ride.driverContactId);
  return booked ? { name: booked.name, plate: null, contact: booked.whatsappNumber } : null;
}

function RideBorderChecklist({
  ride,
  user,
  passengers,
}: {
  ride: Ride;
  user: User;
  passengers: Passenger[] | undefined;
}) {
  const driver = useChecklistDriver(ride);
  return (
    <BorderChecklistCard
      key={`${user.id}:${ride.id}`}
      ride={ride}
      memberId={user.id}
      passengers={passengers}
      driver={driver}
    />
  );
}

// The ride detail with the border checklist feature's card for the people travelling, the
// auth feature's account fields in a visitor's join form, the ride chat's tab (its code
// loads when the tab opens), its unread count on the tab and its pinned announcement on the
// details, the moderation feature's Report buttons, and beside every other member their record
// and Block (issue 26 §1); and the parts of a ride other features own: paying the organiser, the
// waitlist, a weekly series' card and "Join every date", the hand-over, the vendor, following
// the organiser, the calendar file, the drivers, the stop order, the day before ("Still coming
// tomorrow?") and the day of the trip.
export function RideDetailPageRoute() {
  const refreshTripDay = useRefreshTripDay();
  return (
    <RideDetailPage
      payment={(ride, { user, passengers }) => <PaymentCard ride={ride} user={user} passengers={passengers} />}
      waitlist={(ride, { organiser }) =>
        organiser ? <OrganiserWaitlistCard ride={ride} /> : <WaitlistCard ride={ride} />
      }
      series={(ride, seriesId, { user, passengers }) => (
        <LazySeriesCard ride={ride} seriesId={seriesId} user={user} passengers={passengers} />
      )}
      joinEveryDate={(seriesId, form) => <LazyJoinEveryDateButton seriesId={seriesId} form={form} />}
      handoverBanner={(ride, { user, enabled }) => (
        <HandoverBanner rideId={ride.id} userId={user.id} enabled={enabled} />
      )}
      handover={(ride, passenger) => <HandoverButton rideId={ride.id} passenger={passenger} />}
      vendor={(ride, releaseAs) => <RideVendorCard ride={ride} releaseAs={releaseAs} />}
      follow={({ id, name }) => <FollowOrganiserButton organiserId={id} name={name} />}
      calendar={(ride) => <AddToCalendarButton rideId={ride.id} />}
      bookedDriver={(ride) => <BookedDriverCard ride={ride} />}
      organiserDrivers={() => <OrganiserResponsibilitiesCard />}
      stopOrder={(ride, { passengers, asDriver }) => (
        <LazySequencePanel ride={ride} passengers={passengers} asDriver={asDriver} />
      )}
      borderChecklist={(ride, { user, passengers }) => (
        <RideBorderChecklist ride={ride} user={user} passengers={passengers} />
      )}
      today={(ride, { user, leave }) => (
        <>
          <LazyStillComingCard rideId={ride.id} rideDate={ride.date} />
          <LazyTodayCard ride={ride} userId={user.id} onNotComing={leave} />
        </>
      )}
      newMember={newMember}
      chat={(ride, { user }) => (
        <LazyRideChat
          rideId={ride.id}
          rideDate={ride.date}
          direction={ride.direction}
          onSystemLine={() => refreshTripDay(ride.id)}
          organiser={ride.creatorId === user.id}
          report={(message) => (
            <ReportButton target={{ kind: 'ride_message', ...message, text: <Trans>Report</Trans> }} />
          )}
          author={({ userId, name }) => <MemberTools userId={userId} name={name} />}
        />
      )}
      chatLabel={(ride, label) => <ChatTabLabel rideId={ride.id} label={label} />}
      chatAnnouncement={(ride) => <PinnedAnnouncement rideId={ride.id} />}
      report={(target) => <ReportButton target={target} />}
      member={({ userId, name }, options) => <MemberTools userId={userId} name={name} record={options?.record} />}
    />
  );
}
