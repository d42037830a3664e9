import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId } from 'react';
import { useFormContext } from 'react-hook-form';

import { FieldError, WeekdayCheckboxes } from '../../../components/form';
import { datesCountText, isoWeekday, proposedUntil, seriesDays } from '../../../lib/ride-series';
import { lastAllowedDay, type RideSeriesFormValues, weekdayNumbers } from '../series-form';

// Issue 27: the create form's "Repeat weekly". Ticking it (or moving the first date) ticks the
// first date's weekday and proposes eight weeks; the line under it says how many rides that makes.
export function RepeatWeeklyFields() {
  const { t } = useLingui();
  const id = useId();
  const {
    register,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<RideSeriesFormValues>();
  const repeat = watch('repeatWeekly') ?? false;
  const firstDay = (watch('date') ?? '').slice(0, 10);
  const until = watch('until') ?? '';
  const weekdays = weekdayNumbers(watch('weekdays'));
  const firstWeekday = isoWeekday(firstDay);

  useEffect(() => {
    if (!repeat || firstWeekday === null) return;
    const ticked = getValues('weekdays') ?? [];
    if (!ticked.includes(String(firstWeekday)))
      setValue('weekdays', [...ticked, String(firstWeekday)], { shouldValidate: ticked.length > 0 });
    if (!getValues('until')) setValue('until', proposedUntil(firstDay) ?? '');
  }, [repeat, firstDay, firstWeekday, getValues, setValue]);

  const count = seriesDays(firstDay, weekdays, until).length;
  const weekdaysError = errors.weekdays?.message;
  const untilError = errors.until?.message;
  const untilId = `${id}-until`;

  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <label className="label min-h-11 cursor-pointer gap-3 text-base-content">
        <input type="checkbox" className="checkbox checkbox-primary" {...register('repeatWeekly')} />
        <span className="font-medium">
          <Trans>Repeat weekly</Trans>
        </span>
      </label>
      {repeat ? (
        <>
          <WeekdayCheckboxes<RideSeriesFormValues>
            name="weekdays"
            legend={<Trans>Repeat on (Singapore time)</Trans>}
            legendClassName="mb-1 font-medium"
            error={weekdaysError}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={untilId} className="font-medium">
              <Trans>Last date</Trans>
            </label>
            <input
              id={untilId}
              type="date"
              className={`input w-full ${untilError ? 'input-error' : ''}`}
              min={firstDay || undefined}
              max={lastAllowedDay(firstDay) ?? undefined}
              aria-invalid={untilError ? true : undefined}
              aria-describedby={`${untilId}-hint${untilError ? ` ${untilId}-error` : ''}`}
              {...register('until')}
            />
            <p id={`${untilId}-hint`} className="text-sm opacity-80">
              <Trans>At most 12 weeks after the first date.</Trans>
            </p>
            <FieldError id={`${untilId}-error`} message={untilError} />
          </div>
          <p role="status" className="font-medium" data-testid="series-count">
            {firstWeekday === null
              ? t`Pick the first date to see how many dates this makes.`
              : count > 0
                ? datesCountText(count, weekdays, until)
                : t`No dates yet: tick a day and pick the last date.`}
          </p>
        </>
      ) : null}
    </div>
  );
}
