import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';

import { Form, SubmitButton, TextField, WeekdayCheckboxes } from '../../../components/form';
import { errorMessage, toastSuccess } from '../../../lib/toast';
import { ALERT_FORM_DEFAULTS, alertInput, rideAlertFormSchema, type RideAlertFormValues } from '../alert-form';
import { DIRECTION_LABELS } from '../alert-text';
import { useCreateRideAlert } from '../api/create-ride-alert';

function DirectionField() {
  const { t } = useLingui();
  const id = useId();
  const { register } = useFormContext<RideAlertFormValues>();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        <Trans>Direction</Trans>
      </label>
      <select id={id} className="select min-h-11 w-full" {...register('direction')}>
        <option value="FC->SG">{t(DIRECTION_LABELS['FC->SG'])}</option>
        <option value="SG->FC">{t(DIRECTION_LABELS['SG->FC'])}</option>
      </select>
    </div>
  );
}

function DaysFields() {
  const { t } = useLingui();
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<RideAlertFormValues>();
  const weekdaysError = errors.weekdays?.message;
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">
        <Trans>Days</Trans>
      </legend>
      <label className="label min-h-11 cursor-pointer gap-3 text-base-content">
        <input type="radio" className="radio radio-primary" value="weekly" {...register('days')} />
        <Trans>Every week, until I delete it</Trans>
      </label>
      <label className="label min-h-11 cursor-pointer gap-3 text-base-content">
        <input type="radio" className="radio radio-primary" value="dates" {...register('days')} />
        <Trans>Between two dates</Trans>
      </label>
      {watch('days') === 'weekly' ? (
        <WeekdayCheckboxes<RideAlertFormValues>
          name="weekdays"
          legend={<Trans>Weekdays</Trans>}
          legendClassName="sr-only"
          error={weekdaysError}
        />
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <TextField<RideAlertFormValues> name="firstDay" label={t`First day`} type="date" />
          <TextField<RideAlertFormValues>
            name="lastDay"
            label={t`Last day`}
            type="date"
            hint={<Trans>Leave empty for one day only.</Trans>}
          />
        </div>
      )}
    </fieldset>
  );
}

function TimeFields() {
  const { t } = useLingui();
  const { register, watch } = useFormContext<RideAlertFormValues>();
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">
        <Trans>Time (Singapore)</Trans>
      </legend>
      <label className="label min-h-11 cursor-pointer gap-3 text-base-content">
        <input type="checkbox" className="checkbox checkbox-primary" {...register('anyTime')} />
        <Trans>Any time of day</Trans>
      </label>
      {watch('anyTime') ? null : (
        <div className="grid grid-cols-2 gap-3">
          <TextField<RideAlertFormValues> name="windowStart" label={t`From`} type="time" />
          <TextField<RideAlertFormValues> name="windowEnd" label={t`Until`} type="time" />
        </div>
      )}
    </fieldset>
  );
}

// A new alert: weekdays or a date range, and a Singapore-time window. `full`: the member holds
// the most alerts allowed, so there is nothing to save until one is deleted.
export function RideAlertForm({ full }: { full: boolean }) {
  const { t } = useLingui();
  const create = useCreateRideAlert();
  const [refusal, setRefusal] = useState<string | null>(null);
  // A saved alert starts the form afresh: a new key is a new form with the defaults.
  const [saved, setSaved] = useState(0);

  async function save(values: RideAlertFormValues) {
    setRefusal(null);
    try {
      await create.mutateAsync(alertInput(values));
    } catch (error) {
      setRefusal(errorMessage(error));
      return;
    }
    toastSuccess(t`Alert saved: we will tell you when a ride like this is posted`);
    setSaved((count) => count + 1);
  }

  return (
    <Form<RideAlertFormValues>
      key={saved}
      schema={rideAlertFormSchema}
      defaultValues={ALERT_FORM_DEFAULTS}
      onSubmit={save}
      ariaLabel={t`New ride alert`}
      className="flex flex-col gap-3"
    >
      {() => (
        <>
          <h3 className="font-semibold">
            <Trans>New alert</Trans>
          </h3>
          <DirectionField />
          <DaysFields />
          <TimeFields />
          {full ? (
            <button type="submit" className="btn btn-primary min-h-11 w-full" disabled>
              <Trans>You have the most alerts allowed</Trans>
            </button>
          ) : (
            <SubmitButton pending={create.isPending} idleText={t`Save alert`} pendingText={t`Saving…`} />
          )}
          {refusal ? (
            <p role="alert" className="text-sm text-error">
              <Trans>Could not save the alert: {refusal}</Trans>
            </p>
          ) : null}
        </>
      )}
    </Form>
  );
}
