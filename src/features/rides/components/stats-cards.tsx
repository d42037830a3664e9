import { Trans } from '@lingui/react/macro';

import { useStats } from '../api/get-stats';

// A figure's box is four digits wide, so the "…" it starts with leaves room for what arrives
// (nothing moves across the row).
const FIGURE = 'min-w-[4ch] text-end text-lg font-bold tabular-nums';

// One short row: the figures matter less than the rides below them.
export function StatsCards() {
  const { data, isPending } = useStats();
  const value = (n: number | undefined) => (isPending ? '…' : (n ?? '–'));
  return (
    <dl className="grid grid-cols-2 gap-2">
      <div className="card flex-row items-baseline justify-between gap-2 bg-base-200 px-3 py-2">
        <dt className="text-sm">
          <Trans>Total Rides</Trans>
        </dt>
        <dd className={FIGURE}>{value(data?.totalRides)}</dd>
      </div>
      <div className="card flex-row items-baseline justify-between gap-2 bg-base-200 px-3 py-2">
        <dt className="text-sm">
          <Trans>Total Users</Trans>
        </dt>
        <dd className={FIGURE}>{value(data?.totalUsers)}</dd>
      </div>
    </dl>
  );
}
