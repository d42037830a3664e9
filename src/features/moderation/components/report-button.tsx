import { Trans, useLingui } from '@lingui/react/macro';
import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  reportSchema,
  type ReportTargetKind,
} from '@shared/schemas/moderation.ts';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { z } from 'zod';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useFileReport } from '../api/file-report';
import { REASON_LABELS } from '../report-labels';

const dialogSchema = reportSchema.pick({ reason: true, note: true });
type ReportValues = z.input<typeof dialogSchema>;

export interface ReportTarget {
  kind: ReportTargetKind;
  id: number;
  // What the button names: "Report ride", "Report Alice".
  label: string;
  // Shorter words on screen where the context names the target (a passenger's row); the label
  // stays the button's accessible name and the dialog's title.
  text?: ReactNode;
}

// A select, not radio buttons: one control, one label, and the same on every phone.
function ReasonChoices() {
  const { t } = useLingui();
  const { register, formState } = useFormContext<ReportValues>();
  const id = useId();
  const invalid = Boolean(formState.errors.reason);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        <Trans>Why are you reporting this?</Trans>
      </label>
      <select
        id={id}
        className="select min-h-11 w-full"
        defaultValue=""
        aria-invalid={invalid || undefined}
        {...register('reason')}
      >
        <option value="" disabled>
          {t`Choose a reason`}
        </option>
        {REPORT_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {t(REASON_LABELS[reason])}
          </option>
        ))}
      </select>
      {invalid ? (
        <p className="text-sm text-error" role="alert">
          <Trans>Choose a reason.</Trans>
        </p>
      ) : null}
    </div>
  );
}

// "Report" beside a ride, a request, a chat message or a member (issue 26): a small dialog with
// a reason from the list and an optional note; the admin reads it in their queue.
export function ReportButton({ target, className = '' }: { target: ReportTarget; className?: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const file = useFileReport();
  const maxLength = REPORT_NOTE_MAX_LENGTH;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  const onSubmit = (values: z.output<typeof dialogSchema>) =>
    file.mutate(
      { targetKind: target.kind, targetId: target.id, reason: values.reason, note: values.note ?? null },
      {
        onSuccess: () => {
          setOpen(false);
          toastSuccess(t`Report sent`, t`Thank you. The admin will look at it.`);
        },
        onError: toastFailure(t`Could not send the report`),
      },
    );

  return (
    <>
      <button
        type="button"
        className={`btn btn-ghost btn-sm min-h-11 text-error ${className}`}
        aria-label={target.text === undefined ? undefined : target.label}
        onClick={() => setOpen(true)}
      >
        {target.text ?? target.label}
      </button>
      <dialog
        ref={dialog}
        className="modal modal-bottom sm:modal-middle"
        aria-labelledby={titleId}
        onCancel={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === event.currentTarget) setOpen(false);
        }}
      >
        <div className="modal-box">
          {/* Only while open: a member's name in a closed dialog is still text on the page. */}
          <h2 id={titleId} className="text-lg font-semibold">
            {open ? target.label : null}
          </h2>
          {open ? (
            <Form<ReportValues>
              schema={dialogSchema}
              ariaLabel={target.label}
              defaultValues={{ note: '' }}
              onSubmit={onSubmit as never}
              className="mt-2 flex flex-col gap-3"
            >
              {() => (
                <>
                  <ReasonChoices />
                  <TextField<ReportValues>
                    name="note"
                    label={t`Note (optional)`}
                    multiline
                    hint={t`What happened? Up to ${maxLength} characters; only the admin reads it.`}
                  />
                  <div className="modal-action flex-wrap">
                    <button type="button" className="btn btn-outline min-h-11" onClick={() => setOpen(false)}>
                      <Trans>Cancel</Trans>
                    </button>
                    <div className="min-w-40 flex-1">
                      <SubmitButton pending={file.isPending} idleText={t`Send report`} pendingText={t`Sending…`} />
                    </div>
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
