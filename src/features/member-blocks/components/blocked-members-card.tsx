import { Trans, useLingui } from '@lingui/react/macro';

import { QueryState } from '../../../components/query-state';
import { errorMessage, toastFailure, toastSuccess } from '../../../lib/toast';
import { useBlockedMembers } from '../api/get-blocked-members';
import { useUnblockMember } from '../api/unblock-member';

// Profile › Blocked members: whom the member blocked, each with Unblock.
export function BlockedMembersCard() {
  const { t } = useLingui();
  const blocked = useBlockedMembers();
  const unblock = useUnblockMember();
  const reason = errorMessage(blocked.error);

  const onUnblock = (userId: number, name: string) =>
    // mutateAsync: mutate's callbacks are dropped if the refresh the unblock causes unmounts the row.
    unblock
      .mutateAsync(userId)
      .then(() => toastSuccess(t`You unblocked ${name}`), toastFailure(t`Could not unblock ${name}`));

  return (
    <section aria-labelledby="blocked-members-title" className="card border border-base-300 bg-base-100 p-4">
      <h2 id="blocked-members-title" className="mb-2 text-lg font-semibold">
        <Trans>Blocked members</Trans>
      </h2>
      {blocked.isPending ? (
        <QueryState inline loading={t`Loading blocked members…`} />
      ) : !blocked.data ? (
        <QueryState
          inline
          error={t`Could not load blocked members: ${reason}`}
          onRetry={() => blocked.refetch()}
          retrying={blocked.isFetching}
        />
      ) : blocked.data.length === 0 ? (
        <p className="text-sm">
          <Trans>You have not blocked anyone.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t`Blocked members`}>
          {blocked.data.map(({ userId, name }) => (
            <li key={userId} className="flex items-center justify-between gap-2">
              <span className="min-w-0 break-words" translate="no">
                {name}
              </span>
              <button
                type="button"
                className="btn btn-outline btn-sm min-h-11 shrink-0"
                disabled={unblock.isPending}
                aria-label={t`Unblock ${name}`}
                onClick={() => onUnblock(userId, name)}
              >
                <Trans>Unblock</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm opacity-80">
        <Trans>
          A blocked member cannot join your rides or their waitlists, nor say “Me too” to your ride requests, and you do
          not see their rides, ride requests or chat messages.
        </Trans>
      </p>
    </section>
  );
}
