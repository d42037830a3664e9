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
import { MemberTools } from '../../features/member-blocks/components/member-tools';
import { ReportButton } from '../../features/moderation/components/report-button';
import { LazyRideChat } from '../../features/ride-chat/components/lazy-ride-chat';
import { ChatTabLabel, PinnedAnnouncement } from '../../features/ride-chat/components/pinned-announcement';
import { useDriverContacts } from '../../features/drivers/api/get-driver-contacts';
import { useRideVendor } from '../../features/vendor/api/get-ride-vendor';
import type { NewMemberSlot } from '../../features/rides/components/join-form';
import { RideDetailPage } from '../../features/rides/components/ride-detail-page';
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
// and Block (issue 26 §1).
export function RideDetailPageRoute() {
  return (
    <RideDetailPage
      borderChecklist={(ride, { user, passengers }) => (
        <RideBorderChecklist ride={ride} user={user} passengers={passengers} />
      )}
      newMember={newMember}
      chat={(ride, { user }) => (
        <LazyRideChat
          rideId={ride.id}
          rideDate={ride.date}
          organizer={ride.creatorId === user.id}
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
