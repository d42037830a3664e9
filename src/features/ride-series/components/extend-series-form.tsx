import { Trans, useLingui } from '@lingui/react/macro';
import type { RideSeries } from '@shared/types/ride-series.ts';
import { type FormEvent, useId, useState } from 'react';

import { formatShortDay } from '../../../lib/format';
import { daysAfter } from '../../../lib/ride-series';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useExtendSeries } from '../api/extend-series';

// The organiser runs the series on past its last date (at most 12 weeks after its first: the api
// says so if the new date is too far).
export function ExtendSeriesForm({ series }: { series: RideSeries }) {
  const { t } = useLingui();
  const id = useId();
  const extend = useExtendSeries();
  const earliest = daysAfter(series.until, 1) ?? undefined;
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || (earliest && until < earliest)) {
      setError(t`Choose a date after the current last date.`);
      return;
    }
    setError(null);
    const last = formatShortDay(until);
    extend.mutate(
      { seriesId: series.id, until },
      {
        onSuccess: () => toastSuccess(t`The series now runs until ${last}`),
        onError: toastFailure(t`Error`),
      },
    );
  };
  return (
    <form
      noValidate
      aria-label={t`Extend the series`}
      onSubmit={onSubmit}
      className="card flex flex-col gap-2 border border-base-300 bg-base-100 p-4"
    >
      <label htmlFor={`${id}-until`} className="font-medium">
        <Trans>New last date</Trans>
      </label>
      <input
        id={`${id}-until`}
        type="date"
        className={`input w-full ${error ? 'input-error' : ''}`}
        min={earliest}
        value={until}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => setUntil(event.target.value)}
      />
      <p id={`${id}-hint`} className="text-sm opacity-80">
        <Trans>At most 12 weeks after the first date. Your regulars are offered the new dates.</Trans>
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-outline min-h-11 self-start" disabled={extend.isPending}>
        {extend.isPending ? <Trans>Extending…</Trans> : <Trans>Extend the series</Trans>}
      </button>
    </form>
  );
}
