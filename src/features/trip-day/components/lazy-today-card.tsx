import { lazy, Suspense, useEffect, useState } from 'react';

import { isTripDay } from '../trip-window';
import type { TodayCardProps } from './today-card';

// The card's code loads on the ride's day only: every other day the ride page's first render
// carries this gate and nothing more.
const TodayCard = lazy(() => import('./today-card'));

const MINUTE = 60_000;

// Whether the ride's day is on, asked again each minute: a page left open as the window opens
// (2 hours before the ride) shows the card then, and loses it when the window closes.
function useTripDayOn(rideDate: string): boolean {
  const [on, setOn] = useState(() => isTripDay(rideDate));
  useEffect(() => {
    setOn(isTripDay(rideDate));
    const timer = setInterval(() => setOn(isTripDay(rideDate)), MINUTE);
    return () => clearInterval(timer);
  }, [rideDate]);
  return on;
}

// For the people on the ride only (the organiser, the passengers, the assigned driver): the page
// says who they are; the api refuses anyone else too.
export function LazyTodayCard(props: TodayCardProps) {
  const on = useTripDayOn(props.ride.date);
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <TodayCard {...props} />
    </Suspense>
  );
}
