import { Trans } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';

import { formatSgd } from '../../../lib/format';
import { ridePrice } from '../../../lib/ride-rules';

// The per-person figures worded by ridePrice: the same strings as the ride card and the join page.
// Labels keep to one line and the figures wrap beside them: at 375 px a content-sized figure
// column squeezed 'Additional stops' and 'Per person' onto two lines each.
export function CostBreakdown({
  ride,
}: {
  ride: Pick<Ride, 'cost' | 'additionalStops' | 'currentPassengers' | 'maxPassengers'>;
}) {
  const price = ridePrice(ride);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="whitespace-nowrap">
        <Trans>Base cost</Trans>
      </dt>
      <dd className="text-right">{formatSgd(ride.cost)}</dd>
      {price.surcharge ? (
        <>
          <dt className="whitespace-nowrap">
            <Trans>Additional stops</Trans>
          </dt>
          <dd className="text-right">{price.surcharge}</dd>
        </>
      ) : null}
      <dt className="whitespace-nowrap font-semibold">
        <Trans>Total</Trans>
      </dt>
      <dd className="text-right font-semibold">{formatSgd(price.total)}</dd>
      <dt className="whitespace-nowrap">
        <Trans>Per person</Trans>
      </dt>
      <dd className="text-right">
        <span className="block">{price.now}</span>
        <span className="block">{price.ifFull}</span>
      </dd>
    </dl>
  );
}
