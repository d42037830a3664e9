import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth';
import { AdminToolsCard } from './admin-tools-card';
import { ChangePasswordCard } from './change-password-card';
import { ProfileForm } from './profile-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

// deviceNotifications: the push feature's "Notifications on this device" card, handed in by
// src/app (features do not import each other).
export function ProfilePage({ deviceNotifications }: { deviceNotifications?: ReactNode } = {}) {
  useDocumentTitle('Profile');
  const { data: user, isPending, isError, error, refetch, isFetching } = useUser();

  if (isPending) return <Spinner label="Loading your profile…" />;
  if (isError) {
    return (
      <div role="alert" className="alert alert-error mx-auto max-w-xl flex-col items-start">
        <p>Could not load your profile: {error.message}</p>
        <button type="button" className="btn btn-sm min-h-11" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </button>
      </div>
    );
  }
  // The route is protected, but a session can end while the page is open (logout in another tab).
  if (!user) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-3 py-8 text-center">
        <p>Log in to see your profile.</p>
        <Link to="/auth" className="btn btn-primary min-h-11">
          Login or Register
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Profile</h1>
      <ProfileForm user={user} />
      {deviceNotifications}
      <ChangePasswordCard />
      {user.isAdmin ? <AdminToolsCard /> : null}
    </div>
  );
}
