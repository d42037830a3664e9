import { useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';

import type { JoinFormValues } from '../../../lib/join-form-schema';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useJoinSeries } from '../api/join-series';
import { joinSeriesResultText } from '../join-series-result';

// Issue 27: beside "Join Ride" on a date of a weekly series, the same party and stop for every
// upcoming date of the series, in the same tap (checked by the same form first).
export default function JoinEveryDateButton({
  seriesId,
  form,
  onJoined,
}: {
  seriesId: number;
  form: UseFormReturn<JoinFormValues>;
  onJoined?: () => void;
}) {
  const { t } = useLingui();
  const join = useJoinSeries();
  const submit = form.handleSubmit(({ passengerCount, dropoffLocation }) =>
    join.mutate(
      { seriesId, passengerCount, dropoffLocation },
      {
        onSuccess: (result) => {
          toastSuccess(t`Joined the series`, joinSeriesResultText(result));
          onJoined?.();
        },
        onError: toastFailure(t`Error`),
      },
    ),
  );
  return (
    <button
      type="button"
      className="btn btn-outline btn-primary min-h-11 w-full"
      disabled={join.isPending}
      onClick={() => void submit()}
    >
      {join.isPending ? t`Joining...` : t`Join every date from now`}
    </button>
  );
}
