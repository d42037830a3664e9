import { Trans, useLingui } from '@lingui/react/macro';
import { useFormContext } from 'react-hook-form';

import type { RideSeriesFormValues } from '../series-form';

// Issue 27: editing a date of a weekly series changes that date, or it and every later one (which
// keep their own day and take the new time and details).
export function ApplyToFields() {
  const { t } = useLingui();
  const { register, watch } = useFormContext<RideSeriesFormValues>();
  const applyTo = watch('applyTo') ?? 'this';
  const choices = [
    { value: 'this', label: t`Only this date` },
    { value: 'following', label: t`This and later dates` },
  ] as const;
  return (
    <fieldset className="flex flex-col gap-1 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-medium">
        <Trans>This ride is part of a weekly series. Change:</Trans>
      </legend>
      {choices.map(({ value, label }) => (
        <label key={value} className="label min-h-11 cursor-pointer gap-3 text-base-content">
          <input type="radio" className="radio radio-primary" value={value} {...register('applyTo')} />
          {label}
        </label>
      ))}
      {applyTo === 'following' ? (
        <p className="text-sm opacity-80">
          <Trans>Every later date keeps its day and takes the new time and details. Passengers are told once.</Trans>
        </p>
      ) : null}
    </fieldset>
  );
}
