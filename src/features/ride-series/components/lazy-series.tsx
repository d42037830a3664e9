import type { ComponentProps } from 'react';
import { lazy, Suspense } from 'react';

// Issue 27's parts of a ride page, in a chunk of their own: only a date of a weekly series loads
// them, so a single ride's first render carries none of the series' code.
const SeriesCardModule = lazy(() => import('./series-card'));
const JoinEveryDateModule = lazy(() => import('./join-every-date-button'));

export function LazySeriesCard(props: ComponentProps<typeof SeriesCardModule>) {
  return (
    <Suspense fallback={null}>
      <SeriesCardModule {...props} />
    </Suspense>
  );
}

export function LazyJoinEveryDateButton(props: ComponentProps<typeof JoinEveryDateModule>) {
  return (
    <Suspense fallback={null}>
      <JoinEveryDateModule {...props} />
    </Suspense>
  );
}
