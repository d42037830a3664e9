import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { AuthLink } from '../../../components/auth-link';
import { QueryState } from '../../../components/query-state';
import { useUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ChangePasswordCard } from './change-password-card';
import { FollowersCard } from './followers-card';
import { ProfileForm } from './profile-form';
import { YourDataCard } from './your-data-card';

// deviceNotifications: the push feature's "Notifications on this device" card; rideAlerts: the
// ride-alerts feature's card; adminTools: the admin feature's card, shown to the admin only. All
// handed in by src/app (features do not import each other); blockedMembers and record: the
// member-blocks feature's list and the member's own trips and no-shows (issue 26 §1).
export function ProfilePage({
  deviceNotifications,
  rideAlerts,
  adminTools,
  blockedMembers,
  record,
}: {
  deviceNotifications?: ReactNode;
  rideAlerts?: ReactNode;
  adminTools?: ReactNode;
  blockedMembers?: ReactNode;
  record?: (userId: number) => ReactNode;
} = {}) {
  const { t } = useLingui();
  useDocumentTitle(t`Profile`);
  const { data: user, isPending, isError, error, refetch, isFetching } = useUser();

  if (isPending) return <QueryState loading={t`Loading your profile…`} />;
  if (isError) {
    const reason = error.message;
    return (
      <QueryState
        error={<Trans>Could not load your profile: {reason}</Trans>}
        onRetry={refetch}
        retrying={isFetching}
        className="mx-auto max-w-xl"
      />
    );
  }
  // The route is protected, but a session can end while the page is open (logout in another tab).
  if (!user) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-3 py-8 text-center">
        <p>
          <Trans>Log in to see your profile.</Trans>
        </p>
        <AuthLink className="btn btn-primary min-h-11">
          <Trans>Login or Register</Trans>
        </AuthLink>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Profile</Trans>
      </h1>
      {record?.(user.id)}
      <ProfileForm user={user} />
      <FollowersCard />
      {rideAlerts}
      {deviceNotifications}
      {blockedMembers}
      <ChangePasswordCard />
      <YourDataCard canDelete={!user.isAdmin} />
      {user.isAdmin ? adminTools : null}
    </div>
  );
}
