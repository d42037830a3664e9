import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RideSeries } from '@shared/types/ride-series.ts';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useJoinSeries } from '../api/join-series';
import { useLeaveSeries } from '../api/leave-series';
import { joinSeriesResultText } from '../join-series-result';

// A member's standing in a series, on its page: the dates added since they joined every one, and
// leaving the rest.

// Dates added after a regular joined (the organiser ran the series longer; the inbox links here):
// the regular's own party and stop, in one tap.
export function JoinNewDates({ series, regular }: { series: RideSeries; regular: NonNullable<RideSeries['regular']> }) {
  const { t } = useLingui();
  const join = useJoinSeries();
  const missing = series.dates.filter((date) => !date.onRide && !date.onWaitlist).length;
  if (missing === 0) return null;
  return (
    <section aria-labelledby="new-dates-title" className="card border border-primary bg-base-100 p-4">
      <h2 id="new-dates-title" className="mb-2 text-lg font-semibold">
        <Plural value={missing} one="# date you are not on yet" other="# dates you are not on yet" />
      </h2>
      <p className="mb-3 text-sm">
        <Trans>Join them with your usual party and stop. A full date puts you on its waitlist.</Trans>
      </p>
      <button
        type="button"
        className="btn btn-primary min-h-11 self-start"
        disabled={join.isPending}
        onClick={() =>
          // mutateAsync: this button goes once the regular is on every date, taking mutate's callbacks.
          join
            .mutateAsync({ seriesId: series.id, ...regular })
            .then((result) => toastSuccess(t`Joined the series`, joinSeriesResultText(result)), toastFailure(t`Error`))
        }
      >
        {join.isPending ? <Trans>Joining...</Trans> : <Trans>Join them too</Trans>}
      </button>
    </section>
  );
}

// A regular, or a member on some of its dates, leaves the rest: the first date they are on (or
// waiting for) and every later one.
export function LeaveRestButton({ series }: { series: RideSeries }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const leave = useLeaveSeries();
  const from = series.dates.find((date) => date.onRide || date.onWaitlist);
  if (!from) return null;
  const fromDay = formatDateTime(from.date);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error min-h-11 self-start"
        disabled={leave.isPending}
        onClick={() => setAsking(true)}
      >
        {leave.isPending ? <Trans>Leaving…</Trans> : <Trans>Leave the rest</Trans>}
      </button>
      <ConfirmDialog
        open={asking}
        title={t`Leave the rest of the series?`}
        confirmLabel={t`Leave the rest`}
        destructive
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          // mutateAsync: the refetched series has no regular, and this part unmounts with mutate's callbacks.
          leave
            .mutateAsync({ seriesId: series.id, fromRideId: from.rideId })
            .then(
              (result) =>
                toastSuccess(
                  t`You left the series`,
                  plural(result.left.length, { one: 'You left # date.', other: 'You left # dates.' }),
                ),
              toastFailure(t`Error`),
            );
        }}
      >
        <Trans>You leave {fromDay} and every later date. The organizer is told.</Trans>
      </ConfirmDialog>
    </>
  );
}
