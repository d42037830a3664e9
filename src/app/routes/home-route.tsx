import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/spinner';
import { HomePage } from '../../features/rides/components/home-page';

// The drag-and-drop panel (sortablejs) loads only when an organiser opens My Rides.
const SequencePanel = lazy(() => import('../../features/rides/components/sequence-panel'));

export function HomeRoute() {
  const { t } = useLingui();
  return (
    <HomePage
      sequencePanel={(ride) => (
        <Suspense fallback={<Spinner label={t`Loading passengers...`} />}>
          <SequencePanel ride={ride} />
        </Suspense>
      )}
    />
  );
}
