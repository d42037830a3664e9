import { Trans, useLingui } from '@lingui/react/macro';

import { toastFailure } from '../../../lib/toast';
import { useFollowOrganiser } from '../api/follow-organiser';
import { useFollow } from '../api/get-follow';
import { useUnfollowOrganiser } from '../api/unfollow-organiser';

// Issue 27: a passenger follows the organiser, and hears of each new ride they post.
export function FollowOrganiserButton({ organiserId, name }: { organiserId: number; name: string }) {
  const { t } = useLingui();
  const state = useFollow(organiserId);
  const follow = useFollowOrganiser();
  const unfollow = useUnfollowOrganiser();
  const busy = follow.isPending || unfollow.isPending;
  const onError = toastFailure(t`Error`);

  if (state.isPending) {
    return (
      <p className="mt-3 text-sm opacity-70" role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  if (state.isError) {
    return (
      <button type="button" className="btn btn-ghost btn-sm mt-3 min-h-11" onClick={() => void state.refetch()}>
        <Trans>Could not load whether you follow {name}. Try again</Trans>
      </button>
    );
  }
  if (state.data.following) {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">
          <Trans>Following</Trans>
        </span>
        <span aria-hidden="true">·</span>
        <button
          type="button"
          className="btn btn-ghost btn-sm min-h-11"
          disabled={busy}
          aria-label={t`Unfollow ${name}`}
          onClick={() => unfollow.mutate(organiserId, { onError })}
        >
          <Trans>Unfollow</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="mt-3">
      <button
        type="button"
        className="btn btn-outline btn-sm min-h-11"
        disabled={busy}
        onClick={() => follow.mutate(organiserId, { onError })}
      >
        <Trans>
          Follow <span translate="no">{name}</span>
        </Trans>
      </button>
      <p className="mt-1 text-sm opacity-70">
        <Trans>You will hear when they post a new ride.</Trans>
      </p>
    </div>
  );
}
