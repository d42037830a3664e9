import { Trans, useLingui } from '@lingui/react/macro';
import { type RideRequestSaveInput, rideRequestSaveSchema } from '@shared/schemas/ride-requests.ts';
import type { Direction } from '@shared/types/ride.ts';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { Spinner } from '../../../components/spinner';
import { singaporeDay } from '../../../lib/format';
import { directionLabel } from '../../../lib/ride-rules';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRideRequest } from '../api/get-ride-request';
import { useSaveRideRequest } from '../api/save-ride-request';

// A new request starts on tomorrow's evening, the way Home's direction filter points.
function newRequestDefaults(direction: string | null): RideRequestSaveInput {
  return {
    direction: direction === 'FC->SG' ? 'FC->SG' : 'SG->FC',
    date: singaporeDay(Date.now() + 24 * 60 * 60 * 1000),
    startTime: '17:00',
    endTime: '21:00',
    passengerCount: 1,
    area: '',
    note: '',
  };
}

// /requests/new and /requests/:id/edit: keyed by the id, so going from one to the other starts afresh.
export function RideRequestFormPage() {
  const { id } = useParams();
  return <RideRequestFormScreen key={id ?? 'new'} />;
}

function RideRequestFormScreen() {
  const { t } = useLingui();
  const params = useParams();
  const requestId = params.id ? Number(params.id) : null;
  const [search] = useSearchParams();
  const existing = useRideRequest(requestId ?? 0);
  const save = useSaveRideRequest();
  const navigate = useNavigate();
  useDocumentTitle(requestId ? t`Edit ride request` : t`Ask for a ride`);

  if (requestId !== null && existing.isPending) return <Spinner label={t`Loading ride request…`} />;
  if (requestId !== null && !existing.data) {
    return (
      <div role="alert" className="alert alert-error">
        <Trans>Ride request not found</Trans>
      </div>
    );
  }
  const defaults: RideRequestSaveInput = existing.data
    ? {
        direction: existing.data.direction,
        date: existing.data.date,
        startTime: existing.data.startTime,
        endTime: existing.data.endTime,
        passengerCount: existing.data.passengerCount,
        area: existing.data.area,
        note: existing.data.note ?? '',
      }
    : newRequestDefaults(search.get('direction'));

  const onSubmit = (values: RideRequestSaveInput) =>
    save.mutate(
      { ...values, id: requestId },
      {
        onSuccess: (saved) => {
          toastSuccess(requestId ? t`Ride request updated` : t`Ride request posted`);
          // Replaces the form: Back from the posted request goes where the member came from.
          navigate(`/requests/${saved.id}`, { replace: true });
        },
        onError: toastFailure(t`Error`),
      },
    );

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        {requestId ? <Trans>Edit ride request</Trans> : <Trans>Ask for a ride</Trans>}
      </h1>
      <p className="text-sm">
        <Trans>
          Say when you need to cross: members going the same way add their party, and an organiser can start a ride for
          all of you. Times are Singapore time.
        </Trans>
      </p>
      <Form<RideRequestSaveInput>
        schema={rideRequestSaveSchema}
        defaultValues={defaults}
        onSubmit={onSubmit}
        ariaLabel={t`Ride request`}
      >
        {(form) => {
          const direction = form.watch('direction');
          return (
            <>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 font-medium">
                  <Trans>Direction</Trans>
                </legend>
                <div className="join w-full">
                  {(['SG->FC', 'FC->SG'] as Direction[]).map((value) => (
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
              <TextField<RideRequestSaveInput> name="date" label={t`Date`} type="date" />
              <div className="grid grid-cols-2 gap-2">
                <TextField<RideRequestSaveInput> name="startTime" label={t`From`} type="time" />
                <TextField<RideRequestSaveInput> name="endTime" label={t`Until`} type="time" />
              </div>
              <TextField<RideRequestSaveInput>
                name="passengerCount"
                label={t`Number of passengers (including you)`}
                type="number"
                min={1}
                max={10}
                inputMode="numeric"
                valueAsNumber
              />
              <TextField<RideRequestSaveInput>
                name="area"
                label={t`Your area in Singapore`}
                placeholder={t`e.g., Tampines`}
              />
              <TextField<RideRequestSaveInput> name="note" label={t`Note (optional)`} multiline />
              <SubmitButton
                pending={save.isPending}
                idleText={requestId ? t`Save request` : t`Post request`}
                pendingText={t`Saving…`}
              />
            </>
          );
        }}
      </Form>
    </div>
  );
}
