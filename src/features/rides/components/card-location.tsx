import { Trans } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';

import { cardLocation } from '../../../lib/ride-rules';

// "From: <pickup>" towards Forest City, "To: <first drop-off>" towards Singapore: the place is
// the member's words, marked so they are never translated.
export function CardLocation({ ride }: { ride: Pick<Ride, 'direction' | 'pickupLocation' | 'dropoffLocations'> }) {
  const { to, place } = cardLocation(ride);
  return to ? (
    <Trans>
      To: <span translate="no">{place}</span>
    </Trans>
  ) : (
    <Trans>
      From: <span translate="no">{place}</span>
    </Trans>
  );
}
