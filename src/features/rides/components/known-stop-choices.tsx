import { Trans, useLingui } from '@lingui/react/macro';
import { knownStops, type RouteRide, sameStop } from '@shared/stops.ts';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

import type { JoinFormValues } from '../../../lib/join-form-schema';

// The organiser's own stops, one tap each: a passenger who stops there too types it the same
// way, so it costs no extra stop (issue 37 §2, ADR 0038).
export function KnownStopChoices({ ride }: { ride: RouteRide }) {
  const { t } = useLingui();
  const labelId = useId();
  const { setValue, control } = useFormContext<JoinFormValues>();
  const typed = useWatch({ control, name: 'dropoffLocation' });
  const stops = knownStops(ride);
  if (stops.length === 0) return null;
  const heading = ride.direction === 'SG->FC' ? t`Same as the organiser's pickup` : t`Same as the organiser's stop`;
  return (
    <div role="group" aria-labelledby={labelId} className="-mt-2 flex flex-col gap-1">
      <p id={labelId} className="text-sm opacity-80">
        {heading}
      </p>
      <div className="flex flex-wrap gap-2">
        {stops.map((stop) => (
          <button
            key={stop}
            type="button"
            className="btn btn-outline btn-sm h-auto min-h-11 max-w-full py-2 text-left font-normal whitespace-normal"
            aria-pressed={sameStop(typed, stop)}
            onClick={() => setValue('dropoffLocation', stop, { shouldValidate: true, shouldDirty: true })}
          >
            <span translate="no">{stop}</span>
          </button>
        ))}
      </div>
      <p className="text-xs opacity-80">
        <Trans>A stop the car already makes adds nothing to the fare.</Trans>
      </p>
    </div>
  );
}
