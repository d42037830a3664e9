import { Trans, useLingui } from '@lingui/react/macro';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { User } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { seriesLabel } from '../../../lib/ride-series';
import { seriesPath } from '../../../lib/series-link';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useSeries } from '../api/get-series';
import { useLeaveSeries } from '../api/leave-series';
import { useLeaveSeriesDate } from '../api/leave-series-date';

const NEXT_DATES_SHOWN = 3;

// Issue 27: on a date of a weekly series, the series by name (linked to its page) and its next
// dates; a passenger leaves this date only, or this and every later one. Loaded only for a series
// date (lazy-series.tsx): most rides are single, and their page's first render stays as it was.
export default function SeriesCard({
  ride,
  seriesId,
  user,
  passengers,
}: {
  ride: Ride;
  seriesId: number;
  user: User | null;
  passengers: Passenger[] | undefined;
}) {
  const series = useSeries(seriesId);
  const mine = user ? passengers?.find((passenger) => passenger.userId === user.id) : undefined;
  const next = (series.data?.dates ?? [])
    .filter((date) => Date.parse(date.date) > Date.parse(ride.date))
    .slice(0, NEXT_DATES_SHOWN);
  return (
    <section aria-labelledby="series-card-title" className="card border border-base-300 bg-base-100 p-4">
      <h2 id="series-card-title" className="text-lg font-semibold">
        <Link to={seriesPath(seriesId)} className="link inline-flex min-h-11 items-center">
          {series.data ? seriesLabel(series.data) : <Trans>Weekly series</Trans>}
        </Link>
      </h2>
      {series.isError && !series.data ? (
        <p className="text-sm opacity-80">
          <Trans>Could not load the series' other dates.</Trans>
        </p>
      ) : null}
      {next.length > 0 ? (
        <>
          <p className="text-sm font-medium">
            <Trans>Next dates</Trans>
          </p>
          <ul className="text-sm">
            {next.map((date) => (
              <li key={date.rideId}>
                <Link to={`/rides/${date.rideId}`} className="link inline-flex min-h-11 items-center">
                  {formatDateTime(date.date)}
                </Link>
                {/* A space, not only a margin: the line reads (and copies) as two phrases. */}
                {date.onRide ? (
                  <>
                    {' '}
                    <span className="badge badge-success badge-sm ms-1">
                      <Trans>You're on it</Trans>
                    </span>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : series.data ? (
        <p className="text-sm">
          <Trans>This is the last date of the series.</Trans>
        </p>
      ) : null}
      {mine ? <LeaveDateButtons ride={ride} seriesId={seriesId} passenger={mine} /> : null}
    </section>
  );
}

function LeaveDateButtons({ ride, seriesId, passenger }: { ride: Ride; seriesId: number; passenger: Passenger }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState<'this' | 'following' | null>(null);
  const removeOne = useLeaveSeriesDate();
  const leaveRest = useLeaveSeries();
  const pending = removeOne.isPending || leaveRest.isPending;
  const day = formatDateTime(ride.date);
  const onConfirm = () => {
    const which = asking;
    setAsking(null);
    const onError = toastFailure(t`Error`);
    // mutateAsync, not mutate's callbacks: once the passengers refetch, the member is no longer
    // on this date and these buttons unmount, which would drop mutate's callbacks untold.
    if (which === 'this')
      removeOne
        .mutateAsync({ rideId: ride.id, passengerId: passenger.id })
        .then(() => toastSuccess(t`You left this date`), onError);
    else if (which === 'following')
      leaveRest
        .mutateAsync({ seriesId, fromRideId: ride.id })
        .then(() => toastSuccess(t`You left this and later dates`), onError);
  };
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm min-h-11"
        disabled={pending}
        onClick={() => setAsking('this')}
      >
        <Trans>Leave this date</Trans>
      </button>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm min-h-11"
        disabled={pending}
        onClick={() => setAsking('following')}
      >
        <Trans>Leave this and later dates</Trans>
      </button>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'following' ? t`Leave this and later dates?` : t`Leave this date?`}
        confirmLabel={asking === 'following' ? t`Leave this and later dates` : t`Leave this date`}
        destructive
        onCancel={() => setAsking(null)}
        onConfirm={onConfirm}
      >
        {asking === 'following' ? (
          <Trans>You leave {day} and every later date of the series. The organizer is told.</Trans>
        ) : (
          <Trans>You leave {day} only; you stay on the other dates.</Trans>
        )}
      </ConfirmDialog>
    </div>
  );
}
