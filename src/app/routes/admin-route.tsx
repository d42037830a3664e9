import { Trans, useLingui } from '@lingui/react/macro';

import { QueryState } from '../../components/query-state';
import { AdminToolsCard } from '../../features/admin/components/admin-tools-card';
import { ModerationQueueCard } from '../../features/moderation/components/moderation-queue-card';
import { useUser } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

// The admin's own page, one tap from the menu (issue 37 §4): the reports first, since they are
// what needs an answer soonest, then resets and vendors. It was the bottom of an 8-screen profile.
export function AdminRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Admin`);
  const { data: user, isPending } = useUser();
  if (isPending) return <QueryState loading={t`Loading…`} />;
  if (!user?.isAdmin) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <h1 className="text-2xl font-bold">
          <Trans>Admin</Trans>
        </h1>
        <p>
          <Trans>Only the admin can open this page.</Trans>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Admin</Trans>
      </h1>
      <ModerationQueueCard />
      <AdminToolsCard />
    </div>
  );
}
