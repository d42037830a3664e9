import { Trans, useLingui } from '@lingui/react/macro';
import type { Direction } from '@shared/limits.ts';
import { seriesJoinSchema } from '@shared/schemas/ride-series.ts';
import type { z } from 'zod';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useJoinSeries } from '../api/join-series';
import { joinSeriesResultText } from '../join-series-result';

type JoinSeriesValues = z.input<typeof seriesJoinSchema>;

// "Join every date from now" on the series page (issue 27): one party size and one stop for every
// upcoming date, sent in one tap; a full date puts the member on its waitlist instead.
export function JoinSeriesForm({ seriesId, direction }: { seriesId: number; direction: Direction }) {
  const { t } = useLingui();
  const join = useJoinSeries();
  const locationLabel =
    direction === 'FC->SG' ? t`Your drop-off location in Singapore` : t`Your pickup location in Singapore`;
  return (
    <section aria-labelledby="join-series-title" className="card border border-primary bg-base-100 p-4">
      <h2 id="join-series-title" className="mb-2 text-lg font-semibold">
        <Trans>Join every date from now</Trans>
      </h2>
      <p className="mb-3 text-sm">
        <Trans>One party and one stop for every upcoming date. A full date puts you on its waitlist.</Trans>
      </p>
      <Form<JoinSeriesValues>
        schema={seriesJoinSchema}
        defaultValues={{ passengerCount: 1, dropoffLocation: '' }}
        ariaLabel={t`Join every date`}
        onSubmit={(values) =>
          join.mutate(
            { seriesId, passengerCount: Number(values.passengerCount ?? 1), dropoffLocation: values.dropoffLocation },
            {
              onSuccess: (result) => toastSuccess(t`Joined the series`, joinSeriesResultText(result)),
              onError: toastFailure(t`Error`),
            },
          )
        }
      >
        {() => (
          <>
            <TextField<JoinSeriesValues>
              name="passengerCount"
              label={t`Number of passengers (including you)`}
              type="number"
              min={1}
              max={10}
              inputMode="numeric"
              valueAsNumber
            />
            <TextField<JoinSeriesValues>
              name="dropoffLocation"
              label={locationLabel}
              placeholder={t`e.g., Tampines MRT`}
            />
            <SubmitButton pending={join.isPending} idleText={t`Join every date from now`} pendingText={t`Joining...`} />
          </>
        )}
      </Form>
    </section>
  );
}
