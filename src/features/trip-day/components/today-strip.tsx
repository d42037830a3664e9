import { Trans, useLingui } from '@lingui/react/macro';
import type { Direction } from '@shared/types/ride.ts';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';

import { formatShortTime } from '../../../lib/format';
import { isTripDay } from '../trip-window';

// Where the car is, read when a ride is on its day: its code (the trip's query and words) is not
// part of Home's first render for the many members with no ride today.
const TodayStatus = lazy(() => import('./today-status'));

export interface TodayRide {
  id: number;
  date: string;
  direction: Direction;
}

// Issue 40 §1: on Home and My Rides, the member's rides on their day first, each with where the
// car is and a way onto its page.
export function TodayStrip({ rides }: { rides: readonly TodayRide[] }) {
  const { t } = useLingui();
  const seen = new Set<number>();
  const today = rides.filter((ride) => {
    if (seen.has(ride.id) || !isTripDay(ride.date)) return false;
    seen.add(ride.id);
    return true;
  });
  if (today.length === 0) return null;
  return (
    <section aria-label={t`Your trip today`} className="flex flex-col gap-2">
      {today.map((ride) => {
        const time = formatShortTime(ride.date);
        return (
          <Link
            key={ride.id}
            to={`/rides/${ride.id}`}
            className="card border-primary bg-base-100 hover:bg-base-200 flex min-h-12 flex-col gap-1 border-2 px-3 py-2"
          >
            <span className="font-semibold">
              {ride.direction === 'SG->FC' ? (
                <Trans>Today, {time}: Singapore to Forest City</Trans>
              ) : (
                <Trans>Today, {time}: Forest City to Singapore</Trans>
              )}
            </span>
            <Suspense fallback={null}>
              <TodayStatus rideId={ride.id} direction={ride.direction} />
            </Suspense>
          </Link>
        );
      })}
    </section>
  );
}
