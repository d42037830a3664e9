import { formatSgd } from '../../../lib/format';
import { ridePrice } from '../ride-rules';
import type { Ride } from '@shared/types/ride.ts';

// The per-person figures worded by ridePrice: the same strings as the ride card and the join page.
export function CostBreakdown({ ride }: { ride: Ride }) {
  const price = ridePrice(ride);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt>Base cost</dt>
      <dd className="text-right">{formatSgd(ride.cost)}</dd>
      {price.surcharge ? (
        <>
          <dt>Additional stops</dt>
          <dd className="text-right">{price.surcharge}</dd>
        </>
      ) : null}
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold">{formatSgd(price.total)}</dd>
      <dt>Per person</dt>
      <dd className="text-right">
        <span className="block">{price.now}</span>
        <span className="block">{price.ifFull}</span>
      </dd>
    </dl>
  );
}
