import { AdminToolsCard } from '../../features/admin/components/admin-tools-card';
import { BlockedMembersCard } from '../../features/member-blocks/components/blocked-members-card';
import { MemberRecord } from '../../features/member-blocks/components/member-record';
import { ModerationQueueCard } from '../../features/moderation/components/moderation-queue-card';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { DeviceNotificationsCard } from '../../features/push/components/device-notifications-card';
import { RideAlertsCard } from '../../features/ride-alerts/components/ride-alerts-card';

// The profile with the member's own record and blocked members (issue 26 §1), the ride alerts,
// the push feature's card for this device and, for the admin, the admin tools and the moderation
// queue.
export function ProfileRoute() {
  return (
    <ProfilePage
      deviceNotifications={<DeviceNotificationsCard />}
      rideAlerts={<RideAlertsCard />}
      adminTools={
        <>
          <AdminToolsCard />
          <ModerationQueueCard />
        </>
      }
      blockedMembers={<BlockedMembersCard />}
      record={(userId) => <MemberRecord userId={userId} />}
    />
  );
}
