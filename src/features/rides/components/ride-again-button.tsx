import { Trans } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';
import { Link } from 'react-router-dom';

import { canRideAgain, rideAgainPath } from '../ride-again';

// Issue 27: the organiser's same ride next week, the return button's sibling.
export function RideAgainButton({ ride, userId }: { ride: Ride; userId: number | null | undefined }) {
  if (!canRideAgain(ride, userId)) return null;
  return (
    <Link to={rideAgainPath(ride.id)} className="btn btn-outline min-h-11 self-start">
      <Trans>Ride again next week</Trans>
    </Link>
  );
}
