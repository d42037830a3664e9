import { Plural, Trans } from '@lingui/react/macro';

import { useFollowerCount } from '../api/get-follower-count';

// Issue 27: the organiser sees how many passengers follow them, not who.
export function FollowersCard() {
  const followers = useFollowerCount();
  return (
    <section aria-labelledby="followers-title" className="card border border-base-300 bg-base-100 p-4">
      <h2 id="followers-title" className="mb-1 text-lg font-semibold">
        <Trans>Followers</Trans>
      </h2>
      {followers.isPending ? (
        <p role="status" className="opacity-70">
          <Trans>Loading…</Trans>
        </p>
      ) : followers.isError ? (
        <p>
          <Trans>Could not load how many follow you.</Trans>{' '}
          <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => void followers.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : (
        <p>
          <Plural
            value={followers.data.count}
            _0="Nobody follows you yet. Passengers who rode with you can follow you to hear of your new rides."
            one="# member follows you and hears of your new rides."
            other="# members follow you and hear of your new rides."
          />
        </p>
      )}
    </section>
  );
}
