import { useLingui } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';
import { lazy, Suspense } from 'react';

import { Spinner } from '../../../components/spinner';
import type { PanelPassengers } from './sequence-panel';

// The drag-and-drop panel (sortablejs) loads only when an organiser (or an SG->FC ride's driver)
// opens it: on My Rides, or from the ride's own page.
const SequencePanel = lazy(() => import('./sequence-panel'));

export function LazySequencePanel({
  ride,
  passengers,
  asDriver,
}: {
  ride: Ride;
  passengers: PanelPassengers;
  asDriver?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Spinner label={t`Loading passengers...`} />}>
      <SequencePanel ride={ride} passengers={passengers} asDriver={asDriver} />
    </Suspense>
  );
}
