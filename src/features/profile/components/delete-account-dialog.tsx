import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { deleteAccountFormSchema, type DeleteAccountFormValues } from '../password-schemas';

// Asks for the password before the account goes, and says first what going means. A native
// <dialog> opened with showModal (as ConfirmDialog): the page behind is inert, Esc cancels.
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const remove = useDeleteAccount(() => {
    onClose();
    navigate('/home');
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  const onSubmit = (values: DeleteAccountFormValues) =>
    remove.mutate(
      { currentPassword: values.currentPassword },
      {
        onSuccess: () => toastSuccess(t`Your account has been deleted`),
        onError: toastFailure(t`Could not delete your account`),
      },
    );

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={onClose}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-semibold">
          <Trans>Delete your account?</Trans>
        </h2>
        <div id={descriptionId} className="mt-2 flex flex-col gap-2 text-sm">
          <ul className="list-disc space-y-1 ps-5">
            <li>
              <Trans>
                Rides you organise are cancelled and their passengers told, unless a passenger has accepted to take one
                over: offer it first from the ride’s Passengers tab.
              </Trans>
            </li>
            <li>
              <Trans>You leave the rides, waitlists and ride requests you joined; their organisers are told.</Trans>
            </li>
            <li>
              <Trans>Your profile, numbers, messages, alerts, notifications and devices are erased.</Trans>
            </li>
            <li>
              <Trans>
                Past rides keep your seat as “a former member”, so other members’ trips and payments still add up.
              </Trans>
            </li>
            <li>
              <Trans>Your username becomes free for someone else to take.</Trans>
            </li>
          </ul>
          <p className="font-semibold">
            <Trans>This cannot be undone. Download your data first if you want a copy.</Trans>
          </p>
        </div>
        {open ? (
          <Form<DeleteAccountFormValues>
            schema={deleteAccountFormSchema}
            ariaLabel={t`Delete my account`}
            defaultValues={{ currentPassword: '' }}
            onSubmit={onSubmit}
            className="mt-4 flex flex-col gap-4"
          >
            {() => (
              <>
                <TextField<DeleteAccountFormValues>
                  name="currentPassword"
                  label={t`Your password`}
                  type="password"
                  autoComplete="current-password"
                />
                <div className="modal-action mt-0 flex-wrap">
                  <button type="button" className="btn btn-outline min-h-11 min-w-11" onClick={onClose}>
                    <Trans>Keep my account</Trans>
                  </button>
                  <SubmitButton
                    pending={remove.isPending}
                    idleText={t`Delete my account`}
                    pendingText={t`Deleting…`}
                    className="btn btn-error min-h-11"
                  />
                </div>
              </>
            )}
          </Form>
        ) : null}
      </div>
    </dialog>
  );
}
