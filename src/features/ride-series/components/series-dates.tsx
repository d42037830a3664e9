import { Plural, Trans } from '@lingui/react/macro';
import type { SeriesDate } from '@shared/types/ride-series.ts';
import { Link } from 'react-router-dom';

import { formatDateTime } from '../../../lib/format';

// The series page's upcoming dates: each one's seats, and whether the member is on it or waiting.
export function SeriesDates({ dates }: { dates: SeriesDate[] }) {
  return (
    <section className="card border border-base-300 bg-base-100 p-4" aria-labelledby="series-dates-title">
      <h2 id="series-dates-title" className="mb-2 text-lg font-semibold">
        <Trans>Upcoming dates</Trans>
      </h2>
      {dates.length === 0 ? (
        <p>
          <Trans>No upcoming dates.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300">
          {dates.map((date) => (
            <li key={date.rideId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1">
              <Link to={`/rides/${date.rideId}`} className="link inline-flex min-h-11 items-center">
                {formatDateTime(date.date)}
              </Link>
              <span className="flex flex-wrap items-center gap-2 text-sm">
                {date.seatsLeft > 0 ? (
                  <Plural value={date.seatsLeft} one="# seat left" other="# seats left" />
                ) : (
                  <Trans>Full</Trans>
                )}
                {date.onRide ? (
                  <span className="badge badge-success">
                    <Trans>You're on it</Trans>
                  </span>
                ) : date.onWaitlist ? (
                  <span className="badge badge-warning">
                    <Trans>On the waitlist</Trans>
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
