import { Trans, useLingui } from '@lingui/react/macro';
import type { RideRequest } from '@shared/schemas/ride-requests.ts';

import { demandText, windowText } from '../ride-requests';

// Issue 24 §1: above the ride form that starts a ride for a request, whom it is for.
export function RideForRequestNote({ request }: { request: RideRequest }) {
  const { t } = useLingui();
  const requestAsker = request.requesterName ?? t`A member`;
  const requestDemand = demandText(request);
  const requestWindow = windowText(request);
  return (
    <p role="note" className="alert alert-info">
      <Trans>
        For the ride request of {requestAsker} ({requestDemand}, {requestWindow}): everyone on it is told once you
        create the ride, with a link to join.
      </Trans>
    </p>
  );
}
