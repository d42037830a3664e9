import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';

import { Spinner } from '../../components/spinner';
import { TellMeWhenButton } from '../../features/ride-alerts/components/tell-me-when-button';
import { HomePage } from '../../features/rides/components/home-page';
import { awaitsVendorApproval, useUser } from '../../lib/auth';

// Few visitors are vendors still waiting: their screen loads when one opens Home, not with it.
const VendorWaitingHome = lazy(() =>
  import('../../features/vendor/components/vendor-approval-gate').then((m) => ({ default: m.VendorWaitingHome })),
);

export function HomeRoute() {
  const { t } = useLingui();
  const { data: user } = useUser();
  // A vendor the admin has not approved lands here after registering: the passenger list's Join
  // buttons are not for them, where they stand is (issue 37 §4).
  if (awaitsVendorApproval(user)) {
    return (
      <Suspense fallback={<Spinner label={t`Loading…`} />}>
        <VendorWaitingHome />
      </Suspense>
    );
  }
  return <HomePage rideAlert={(direction, time) => <TellMeWhenButton direction={direction} time={time} />} />;
}
