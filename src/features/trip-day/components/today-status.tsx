import { Trans } from '@lingui/react/macro';
import type { Direction } from '@shared/types/ride.ts';

import { formatShortTime } from '../../../lib/format';
import { useTripDay } from '../api/get-trip-day';
import { CarStepNews } from './trip-words';

// The car's step now, in a line: a failed read says nothing rather than a wrong status.
export default function TodayStatus({ rideId, direction }: { rideId: number; direction: Direction }) {
  const trip = useTripDay(rideId);
  if (!trip.data?.open) return null;
  const last = trip.data.carSteps.at(-1);
  if (!last) {
    return (
      <span className="text-sm">
        <Trans>The car has not set off yet.</Trans>
      </span>
    );
  }
  const at = formatShortTime(last.at);
  return (
    <span className="text-sm" data-testid="today-status">
      <CarStepNews direction={direction} step={last} /> · <time dateTime={last.at}>{at}</time>
    </span>
  );
}
