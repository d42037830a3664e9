import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useBlockMember } from '../api/block-member';
import { useBlockedMembers } from '../api/get-blocked-members';
import { useUnblockMember } from '../api/unblock-member';

// Block (or, once blocked, unblock) a member from wherever they are shown: a passenger, a
// ride's organiser, a chat message's author. What a block does is the database's
// (docs/decisions/0026-what-a-block-does.md); the dialog says it in the member's words.
export function BlockMemberButton({ userId, name }: { userId: number; name: string }) {
  const { t } = useLingui();
  const blocked = useBlockedMembers();
  const block = useBlockMember();
  const unblock = useUnblockMember();
  const [asking, setAsking] = useState(false);
  const isBlocked = blocked.data?.some((member) => member.userId === userId) ?? false;
  const busy = block.isPending || unblock.isPending;

  const onBlock = () => {
    setAsking(false);
    // mutateAsync, not mutate's callbacks: those are dropped if the refresh every block causes
    // unmounts this button before the answer is told.
    block
      .mutateAsync(userId)
      .then(() => toastSuccess(t`You blocked ${name}`), toastFailure(t`Could not block ${name}`));
  };
  const onUnblock = () =>
    unblock
      .mutateAsync(userId)
      .then(() => toastSuccess(t`You unblocked ${name}`), toastFailure(t`Could not unblock ${name}`));

  return (
    <>
      {isBlocked ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm min-h-11"
          disabled={busy}
          aria-label={t`Unblock ${name}`}
          onClick={onUnblock}
        >
          <Trans>Unblock</Trans>
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-ghost btn-sm min-h-11"
          disabled={busy || blocked.isPending}
          aria-label={t`Block ${name}`}
          onClick={() => setAsking(true)}
        >
          <Trans>Block</Trans>
        </button>
      )}
      {/* Mounted only while asking: a closed dialog's title would still put the name on the page. */}
      {asking ? (
        <ConfirmDialog
          open={asking}
          title={t`Block ${name}?`}
          confirmLabel={t`Block`}
          destructive
          onConfirm={onBlock}
          onCancel={() => setAsking(false)}
        >
          <p>
            <Trans>
              They will not be able to join your rides or their waitlists, nor say “Me too” to your ride requests. You
              will no longer see their rides, ride requests or chat messages. Rides you are both on now stay as they
              are. They are not told. You can unblock them in your Profile.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
