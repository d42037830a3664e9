import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RideSeries } from '@shared/types/ride-series.ts';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatShortDay } from '../../../lib/format';
import { seatsTakenBy } from '../../../lib/ride-series';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useEndSeries } from '../api/end-series';

// How many people the organiser's own party is on a date of the series: the rides feature reads
// the date's ride, handed in by src/app as a hook (called on every render, and always the same
// one). Undefined while it is not known.
export type OrganiserPartyHook = (rideId: number) => number | undefined;

// The organiser ends the series: every upcoming date is cancelled, its passengers told once.
export function EndSeriesButton({
  series,
  useOrganiserParty,
}: {
  series: RideSeries;
  useOrganiserParty: OrganiserPartyHook;
}) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const end = useEndSeries();
  // The organiser's own party is aboard every date; the rest are the passengers told.
  const told = seatsTakenBy(series, useOrganiserParty(series.dates[0]?.rideId ?? 0) ?? 1);
  const dates = series.dates.length;
  const until = formatShortDay(series.until);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error min-h-11 self-start"
        disabled={end.isPending}
        onClick={() => setAsking(true)}
      >
        {end.isPending ? <Trans>Ending…</Trans> : <Trans>End series</Trans>}
      </button>
      <ConfirmDialog
        open={asking}
        title={t`End this series?`}
        confirmLabel={t`End series`}
        destructive
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          // mutateAsync: an ended series shows no End button, and mutate's callbacks would go with it.
          end
            .mutateAsync({ seriesId: series.id, rideIds: series.dates.map((date) => date.rideId) })
            .then(
              (result) =>
                toastSuccess(
                  t`Series ended`,
                  plural(result.cancelled, { one: '# date cancelled.', other: '# dates cancelled.' }),
                ),
              toastFailure(t`Error`),
            );
        }}
      >
        <p>
          <Plural
            value={dates}
            one={`Its # upcoming date, up to ${until}, is cancelled.`}
            other={`Its # upcoming dates, up to ${until}, are cancelled.`}
          />{' '}
          {told === 0 ? (
            <Trans>Nobody else is booked on them.</Trans>
          ) : (
            <Plural
              value={told}
              one="Passengers hold # seat on them; each of them is told once."
              other="Passengers hold # seats on them; each of them is told once."
            />
          )}
        </p>
      </ConfirmDialog>
    </>
  );
}
