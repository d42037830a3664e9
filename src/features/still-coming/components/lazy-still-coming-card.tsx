import { lazy, Suspense } from 'react';

import type { StillComingCardProps } from './still-coming-card';

// The card's code loads, and the question is asked for, only from 32 hours before the ride
// until it leaves: the question goes out about 20 hours before (10 pm the evening before at the
// earliest); every other day the ride page carries this gate and nothing more.
const StillComingCard = lazy(() => import('./still-coming-card'));

const HOURS_BEFORE = 32;

export function isStillComingTime(rideDate: string, now = Date.now()): boolean {
  const leaves = new Date(rideDate).getTime();
  return now < leaves && now >= leaves - HOURS_BEFORE * 3_600_000;
}

export function LazyStillComingCard(props: StillComingCardProps & { rideDate: string }) {
  if (!isStillComingTime(props.rideDate)) return null;
  return (
    <Suspense fallback={null}>
      <StillComingCard rideId={props.rideId} />
    </Suspense>
  );
}
