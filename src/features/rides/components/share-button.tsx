import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

import { ShareIcon } from '../../../components/icons';
import { copyText } from '../../../lib/clipboard';
import { type SummaryPassenger, type SummaryRide, tripSummary } from '../share-summary';

function copyTripSummary(ride: SummaryRide, passengers?: readonly SummaryPassenger[]) {
  return copyText(tripSummary(ride, window.location.origin, passengers), {
    copied: {
      title: t`Trip summary copied to clipboard!`,
      description: t`You can now paste it in WhatsApp or other messaging apps.`,
    },
    failed: { title: t`Failed to copy: Please try again or copy the text manually.` },
  });
}

export function ShareButton({
  ride,
  passengers,
  className = '',
}: {
  ride: SummaryRide;
  passengers?: readonly SummaryPassenger[];
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`btn btn-outline btn-sm min-h-11 ${className}`}
      onClick={() => void copyTripSummary(ride, passengers)}
    >
      <ShareIcon /> <Trans>Share</Trans>
    </button>
  );
}
