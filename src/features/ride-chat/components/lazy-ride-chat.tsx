import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';

import { Spinner } from '../../../components/spinner';

// The chat's code loads only when its tab opens: the ride page's first render stays within its
// budget.
const RideChat = lazy(() => import('./ride-chat'));

export function LazyRideChat({ rideId }: { rideId: number }) {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Spinner label={t`Loading messages…`} />}>
      <RideChat rideId={rideId} />
    </Suspense>
  );
}
