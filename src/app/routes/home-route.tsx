import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';

import { Spinner } from '../../components/spinner';
import { TellMeWhenButton } from '../../features/ride-alerts/components/tell-me-when-button';
import {
  AskForRideLink,
  RideRequestCount,
  RideRequestsSection,
} from '../../features/ride-requests/components/ride-requests-section';
import { HomePage } from '../../features/rides/components/home-page';
import { LazySequencePanel } from '../../features/stop-order/components/lazy-sequence-panel';
import { TodayStrip } from '../../features/trip-day/components/today-strip';
import { awaitsVendorApproval, useUser } from '../../lib/auth';

// Few visitors are vendors still waiting: their screen loads when one opens Home, not with it.
const VendorWaitingHome = lazy(() =>
  import('../../features/vendor/components/vendor-approval-gate').then((m) => ({ default: m.VendorWaitingHome })),
);

// Home with the ride-requests feature's tab and list, the ride alerts' "Tell me when", and My
// Rides' drop-off order from the stop-order feature, and the trip-day feature's rides of today.
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
  return (
    <HomePage
      rideAlert={(direction, time) => <TellMeWhenButton direction={direction} time={time} />}
      requestCount={(filters, enabled) => <RideRequestCount filters={filters} enabled={enabled} />}
      requests={(filters, shownAtFirst) => <RideRequestsSection filters={filters} shownAtFirst={shownAtFirst} />}
      askForRide={(direction) => <AskForRideLink direction={direction} />}
      stopOrder={(ride, { passengers }) => <LazySequencePanel ride={ride} passengers={passengers} />}
      today={(rides) => <TodayStrip rides={rides} />}
    />
  );
}
