import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { RIDE_CANCEL_REASON_MAX_LENGTH } from '@shared/limits.ts';
import { rideCancelSchema } from '@shared/schemas/rides.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useCancelRide } from '../api/cancel-ride';
import { MY_RIDES_PATH } from '../home-search-params';

interface CancelRideValues {
  reason: string;
}

// The organiser's "Cancel ride" on the ride page (issue 37 §4): a dialog says who is told, takes
// an optional reason for them, and cancels. A date of a weekly series cancels that date only;
// Edit still offers it and every later date.
export function CancelRideButton({
  rideId,
  told,
  seriesDate,
}: {
  rideId: number;
  // Members who joined (each is told), unknown while the list loads.
  told: number | null;
  seriesDate: boolean;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const cancel = useCancelRide();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  const onSubmit = (values: CancelRideValues) =>
    cancel.mutate(
      { rideId, reason: values.reason },
      {
        onSuccess: () => {
          setOpen(false);
          toastSuccess(t`Ride cancelled`);
          // Replace: Back cannot reopen the page of a ride that is gone.
          navigate(MY_RIDES_PATH, { replace: true });
        },
        onError: toastFailure(t`Could not cancel the ride`),
      },
    );

  return (
    <>
      <button type="button" className="btn btn-outline btn-error btn-sm min-h-11" onClick={() => setOpen(true)}>
        <Trans>Cancel ride</Trans>
      </button>
      <dialog
        ref={dialog}
        className="modal modal-bottom sm:modal-middle"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onCancel={() => setOpen(false)}
      >
        <div className="modal-box">
          <h2 id={titleId} className="text-lg font-semibold">
            <Trans>Cancel this ride?</Trans>
          </h2>
          <div id={descriptionId} className="mt-2 flex flex-col gap-2 text-sm">
            <p>
              {told === null ? (
                <Trans>Everyone who joined this ride will be told that it is cancelled.</Trans>
              ) : told === 0 ? (
                <Trans>Nobody has joined yet, so nobody will be told.</Trans>
              ) : (
                <Plural
                  value={told}
                  one="# passenger will be told that the ride is cancelled, with a link to other rides."
                  other="# passengers will be told that the ride is cancelled, with a link to other rides."
                />
              )}
            </p>
            {seriesDate ? (
              <p>
                <Trans>Only this date is cancelled. To cancel the later dates too, use Edit Ride.</Trans>
              </p>
            ) : null}
            <p className="font-semibold">
              <Trans>This cannot be undone.</Trans>
            </p>
          </div>
          {open ? (
            <Form<CancelRideValues>
              schema={rideCancelSchema}
              ariaLabel={t`Cancel ride`}
              defaultValues={{ reason: '' }}
              onSubmit={onSubmit}
              className="mt-4 flex flex-col gap-4"
            >
              {() => (
                <>
                  <TextField<CancelRideValues>
                    name="reason"
                    label={t`Reason (optional)`}
                    hint={t`Your passengers read it in their notification. At most ${RIDE_CANCEL_REASON_MAX_LENGTH} characters.`}
                    multiline
                  />
                  <div className="modal-action mt-0 flex-wrap">
                    <button type="button" className="btn btn-outline min-h-11 min-w-11" onClick={() => setOpen(false)}>
                      <Trans>Keep the ride</Trans>
                    </button>
                    <SubmitButton
                      pending={cancel.isPending}
                      idleText={t`Cancel ride`}
                      pendingText={t`Cancelling…`}
                      className="btn btn-error min-h-11"
                    />
                  </div>
                </>
              )}
            </Form>
          ) : null}
        </div>
      </dialog>
    </>
  );
}
