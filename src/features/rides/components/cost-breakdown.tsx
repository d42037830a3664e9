import { formatSgd } from '../../../lib/format';
import { additionalStopsText, perPersonEstimate, totalCost } from '../ride-rules';
import type { Ride } from '@shared/types/ride.ts';

export function CostBreakdown({ ride }: { ride: Ride }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt>Base cost</dt>
      <dd className="text-right">{formatSgd(ride.cost)}</dd>
      {ride.additionalStops > 0 ? (
        <>
          <dt>Additional stops</dt>
          <dd className="text-right">{additionalStopsText(ride.additionalStops)}</dd>
        </>
      ) : null}
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold">{formatSgd(totalCost(ride))}</dd>
      <dt>Estimated per person (total / {ride.maxPassengers} passengers)</dt>
      <dd className="text-right">${perPersonEstimate(ride)} SGD</dd>
    </dl>
  );
}
