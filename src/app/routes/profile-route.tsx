import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

import { BlockedMembersCard } from '../../features/member-blocks/components/blocked-members-card';
import { MemberRecord } from '../../features/member-blocks/components/member-record';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { DeviceNotificationsCard } from '../../features/push/components/device-notifications-card';
import { RideAlertsCard } from '../../features/ride-alerts/components/ride-alerts-card';

// SPEC's admin tools card on the profile: now the way to the admin's own page (issue 37 §4).
function AdminLinkCard() {
  return (
    <section aria-labelledby="admin-tools-title" className="card border border-warning bg-base-200">
      <div className="card-body gap-2 p-4 sm:p-6">
        <h2 id="admin-tools-title" className="card-title">
          <Trans>Admin tools</Trans>
        </h2>
        <p className="text-sm opacity-80">
          <Trans>Reports, suspensions, password resets and vendor approvals are on the admin page.</Trans>
        </p>
        <Link to="/admin" className="btn btn-outline min-h-11 self-start">
          <Trans>Open the admin page</Trans>
        </Link>
      </div>
    </section>
  );
}

// The profile with the member's own record and blocked members (issue 26 §1), the ride alerts,
// the push feature's card for this device and, for the admin, the admin tools and the moderation
// queue.
export function ProfileRoute() {
  return (
    <ProfilePage
      deviceNotifications={<DeviceNotificationsCard />}
      rideAlerts={<RideAlertsCard />}
      adminTools={<AdminLinkCard />}
      blockedMembers={<BlockedMembersCard />}
      record={(userId) => <MemberRecord userId={userId} />}
    />
  );
}
