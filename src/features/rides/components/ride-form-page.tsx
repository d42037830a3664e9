import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADDITIONAL_STOP_COST_SGD, RIDE_COST_MAX_SGD } from '@shared/limits.ts';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth';
import { formatDateTime, formatSgd, toSingaporeInputValue } from '../../../lib/format';
import { directionLabel } from '../../../lib/ride-rules';
import { seriesDays, singaporeDay } from '../../../lib/ride-series';
import { seriesIdOf } from '../../../lib/series-link';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRide } from '../api/get-ride';
import { useSaveRide } from '../api/save-ride';
import { readReturnOf, returnFormDefaults } from '../return-trip';
import { nextWeekDate, readRideAgain } from '../ride-again';
import { clampOrganiserCount, defaultsFrom, type RideFormValues, toRideSaveBody } from '../ride-form-schema';
import {
  rideSeriesFormSchema,
  type RideSeriesFormValues,
  type SeriesFormValues,
  seriesSaveFields,
  weekdayNumbers,
} from '../series-form';
import { ApplyToFields } from './apply-to-fields';
import { DeleteRideButton } from './delete-ride-button';
import { RepeatWeeklyFields } from './repeat-weekly-fields';

const SERIES_DEFAULTS: Required<SeriesFormValues> = { repeatWeekly: false, weekdays: [], until: '', applyTo: 'this' };

// Issue 24 §1: /rides/create?request=<id> starts a ride for a ride request, linked once created.
// The request is the ride-requests feature's, read by src/app: pending while it loads, null when
// it is not open (any more); its defaults fill the form and its note says whom it is for.
export interface RideFormRequest {
  pending: boolean;
  request: {
    id: number;
    defaults: Pick<RideFormValues, 'direction' | 'date' | 'maxPassengers'>;
    note: ReactNode;
  } | null;
}

interface RideFormSlots {
  forRequest?: RideFormRequest;
  // The drivers feature's booking note and booked-driver field (the form's driverContactId and cost).
  driverFields?: ReactNode;
}

// Keyed by the route's id: going from one ride (or from edit to create) to another starts
// with fresh form values and tabs instead of the previous screen's.
export function RideFormPage(slots: RideFormSlots) {
  const { id } = useParams();
  const [search] = useSearchParams();
  const returnOf = readReturnOf(search);
  const request = search.get('request');
  const again = readRideAgain(search);
  return <RideFormPageScreen key={id ?? `new:${returnOf ?? ''}:${request ?? ''}:${again ?? ''}`} {...slots} />;
}

function RideFormPageScreen({ forRequest: requestSlot, driverFields }: RideFormSlots) {
  const { t } = useLingui();
  const params = useParams();
  const rideId = params.id ? Number(params.id) : null;
  const isEdit = rideId !== null;
  const { data: user } = useUser();
  const ride = useRide(rideId ?? 0);
  // Issue 14 §3: /rides/create?returnOf=<id> plans the way back of the organiser's ride.
  const [search] = useSearchParams();
  const returnOf = isEdit ? null : readReturnOf(search);
  const outbound = useRide(returnOf ?? 0);
  const planningReturn = returnOf !== null && outbound.data !== undefined && outbound.data.creatorId === user?.id;
  const forRequestSlot = isEdit || returnOf !== null ? undefined : requestSlot;
  const forRequest = forRequestSlot?.request ?? null;
  // Issue 27: /rides/create?again=<id> repeats one of the organiser's rides a week later.
  const againOf = isEdit || returnOf !== null || forRequestSlot !== undefined ? null : readRideAgain(search);
  const previous = useRide(againOf ?? 0);
  const ridingAgain = againOf !== null && previous.data !== undefined && previous.data.creatorId === user?.id;
  useDocumentTitle(isEdit ? t`Edit Ride` : t`Create Ride`);
  const navigate = useNavigate();
  const save = useSaveRide(rideId);
  // Issue 27: a series date's edit says whether later dates change too (their day stays).
  const seriesId = isEdit && ride.data ? seriesIdOf(ride.data) : null;
  const editedDay = seriesId !== null && ride.data ? singaporeDay(ride.data.date) : null;
  const schema = useMemo(() => rideSeriesFormSchema(editedDay), [editedDay]);

  const notAuthorized = isEdit && ride.data && user && ride.data.creatorId !== user.id;
  useEffect(() => {
    if (notAuthorized) {
      toastError(t`Error`, t`You are not authorized to edit this ride`);
      navigate('/home', { replace: true });
    }
  }, [notAuthorized, navigate, t]);

  if (isEdit && ride.isPending) return <Spinner label={t`Loading ride…`} />;
  if (isEdit && (ride.isError || !ride.data)) {
    const loadError = ride.error?.message ?? t`Ride not found`;
    return (
      <div role="alert" className="alert alert-error">
        <Trans>Could not load this ride: {loadError}</Trans>
      </div>
    );
  }
  if (notAuthorized) return null;
  if (returnOf !== null && outbound.isPending) return <Spinner label={t`Loading ride…`} />;
  if (forRequestSlot?.pending) return <Spinner label={t`Loading ride request…`} />;
  if (againOf !== null && previous.isPending) return <Spinner label={t`Loading ride…`} />;

  const onSubmit = (values: RideSeriesFormValues) => {
    const series = seriesSaveFields(values, !isEdit ? 'create' : seriesId !== null ? 'edit-series-date' : 'edit');
    const dates = series.repeat
      ? seriesDays(values.date.slice(0, 10), weekdayNumbers(values.weekdays), series.repeat.until).length
      : 0;
    save.mutate(
      {
        ...toRideSaveBody(values),
        ...series,
        ...(planningReturn ? { returnOf } : {}),
        ...(forRequest ? { requestId: forRequest.id } : {}),
      },
      {
        onSuccess: (saved) => {
          toastSuccess(
            isEdit
              ? t`Ride updated successfully`
              : series.repeat && seriesIdOf(saved) !== null
                ? plural(dates, { one: 'Weekly series created: # date', other: 'Weekly series created: # dates' })
                : t`Ride created successfully`,
          );
          // Replaces the form: Back from the saved ride goes where the member came from.
          navigate(`/rides/${saved.id}`, { replace: true });
        },
        onError: toastFailure(t`Error`),
      },
    );
  };

  const outboundDirection = planningReturn ? directionLabel(outbound.data!.direction) : '';
  const outboundDate = planningReturn ? formatDateTime(outbound.data!.date) : '';
  const previousDate = ridingAgain ? formatDateTime(previous.data!.date) : '';

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{isEdit ? <Trans>Edit Ride</Trans> : <Trans>Create a New Ride</Trans>}</h1>
      {planningReturn ? (
        <p role="note" className="alert alert-info">
          <Trans>
            The return of your {outboundDirection} ride on {outboundDate}: pick the date and time of the way back. Its
            passengers are told once you create it.
          </Trans>
        </p>
      ) : null}
      {ridingAgain ? (
        <p role="note" className="alert alert-info">
          <Trans>Your ride of {previousDate} again, a week on: check the date and time, then create it.</Trans>
        </p>
      ) : null}
      {forRequest?.note}
      <Form<RideSeriesFormValues>
        schema={schema}
        defaultValues={{
          ...SERIES_DEFAULTS,
          ...(planningReturn
            ? returnFormDefaults(outbound.data!)
            : forRequest
              ? { ...defaultsFrom(undefined), ...forRequest.defaults }
              : ridingAgain
                ? { ...defaultsFrom(previous.data), date: toSingaporeInputValue(nextWeekDate(previous.data!.date)) }
                : defaultsFrom(ride.data)),
        }}
        onSubmit={onSubmit}
        ariaLabel={isEdit ? t`Edit Ride` : t`Create Ride`}
      >
        {(form) => {
          const direction = form.watch('direction');
          const maxPassengers = form.watch('maxPassengers');
          const stopCost = formatSgd(ADDITIONAL_STOP_COST_SGD, 0);
          const clampOrganiser = () =>
            form.setValue(
              'organizerPassengerCount',
              clampOrganiserCount(form.getValues('organizerPassengerCount'), Number(maxPassengers) || 1),
              {
                shouldValidate: true,
              },
            );
          return (
            <>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 font-medium">
                  <Trans>Direction</Trans>
                </legend>
                <div className="join w-full">
                  {(['SG->FC', 'FC->SG'] as const).map((value) => (
                    <label
                      key={value}
                      className={`btn join-item min-h-11 flex-1 ${direction === value ? 'btn-primary' : 'btn-outline'}`}
                    >
                      <input type="radio" className="sr-only" value={value} {...form.register('direction')} />
                      {directionLabel(value)}
                    </label>
                  ))}
                </div>
              </fieldset>
              <TextField<RideFormValues>
                name="maxPassengers"
                label={t`Maximum total passengers`}
                type="number"
                min={1}
                max={10}
                inputMode="numeric"
                valueAsNumber
                hint={t`Including you and your party, 1 to 10.`}
              />
              <TextField<RideFormValues> name="date" label={t`Date and time (Singapore time)`} type="datetime-local" />
              {isEdit ? null : <RepeatWeeklyFields />}
              {seriesId !== null ? <ApplyToFields /> : null}
              <div onBlur={clampOrganiser}>
                <TextField<RideFormValues>
                  name="organizerPassengerCount"
                  label={t`Number of passengers at your location`}
                  type="number"
                  min={1}
                  max={Number(maxPassengers) || 10}
                  inputMode="numeric"
                  valueAsNumber
                />
              </div>
              <TextField<RideFormValues>
                name="location"
                label={
                  direction === 'FC->SG' ? t`Your Drop-off Location in Singapore` : t`Your Pickup Location in Singapore`
                }
                placeholder={direction === 'FC->SG' ? t`e.g., Tampines Mall` : t`e.g., Pasir Ris MRT`}
                multiline
                hint={t`You can enter multiple lines, e.g. a landmark and the exit number.`}
              />
              {direction === 'FC->SG' ? (
                <TextField<RideFormValues>
                  name="meetingPoint"
                  label={t`Meeting point in Forest City (optional)`}
                  placeholder={t`e.g., Phase 1 lobby, Block 6`}
                  hint={t`Where everyone meets the car before it leaves Forest City.`}
                />
              ) : null}
              {driverFields}
              <TextField<RideFormValues>
                name="cost"
                label={t`Car cost (SGD)`}
                type="number"
                min={0}
                max={RIDE_COST_MAX_SGD}
                step={0.01}
                inputMode="decimal"
                valueAsNumber
                hint={t`What the whole car costs, before the ${stopCost} for each additional stop. Choosing a recommended driver sets their price; you can still change it.`}
              />
              <SubmitButton
                pending={save.isPending}
                idleText={isEdit ? t`Update Ride` : t`Create Ride`}
                pendingText={isEdit ? t`Updating...` : t`Creating...`}
              />
            </>
          );
        }}
      </Form>
      {isEdit ? <DeleteRideButton rideId={rideId} seriesDate={seriesId !== null} /> : null}
    </div>
  );
}
