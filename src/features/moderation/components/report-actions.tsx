import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ModerationActionInput, moderationActionSchema, type OpenReport } from '@shared/schemas/moderation.ts';
import { useId, useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Form, TextField } from '../../../components/form';
import { QueryState } from '../../../components/query-state';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useSuspensionPreview } from '../api/get-suspension-preview';
import { type ModerationAction, useModerateReport } from '../api/moderate-report';

// What the admin does about one report: dismiss it, hide what it is about, or suspend its owner
// (after reading what the suspension would undo), always with a reason for the log.

// How long a suspension lasts: days, or for good.
const SUSPENSION_CHOICES = ['1', '7', '30', '365', 'forever'] as const;
type SuspensionChoice = (typeof SUSPENSION_CHOICES)[number];
const SUSPENSION_LABELS: Record<SuspensionChoice, MessageDescriptor> = {
  '1': msg`1 day`,
  '7': msg`7 days`,
  '30': msg`30 days`,
  '365': msg`1 year`,
  forever: msg`For good`,
};

// What the suspension would undo, counted by the database when the admin asks to confirm.
function SuspensionConsequences({ reportId }: { reportId: number }) {
  const { t } = useLingui();
  const preview = useSuspensionPreview(reportId);
  if (preview.isPending) return <QueryState loading={t`Counting their rides…`} className="py-2" />;
  if (preview.isError) {
    const reason = preview.error.message;
    return (
      <QueryState
        error={<Trans>Could not count their rides: {reason}</Trans>}
        onRetry={preview.refetch}
        retrying={preview.isFetching}
      />
    );
  }
  const { ridesCancelled, passengersAffected, waitingAffected, ridesLeft, ridesReleased, requestsClosed } =
    preview.data;
  const nothingElse = ridesCancelled + ridesLeft + ridesReleased + requestsClosed === 0;
  return (
    <ul className="list-disc pl-5 text-sm" aria-label={t`What the suspension does`}>
      <li>
        <Trans>Ends their sessions; they cannot log in while suspended.</Trans>
      </li>
      {ridesCancelled > 0 ? (
        <li>
          <Plural
            value={ridesCancelled}
            one="Cancels # upcoming ride they organise"
            other="Cancels # upcoming rides they organise"
          />
          {passengersAffected + waitingAffected > 0 ? (
            <>
              {' '}
              (
              <Plural value={passengersAffected} one="# passenger" other="# passengers" />,{' '}
              <Plural value={waitingAffected} one="# waiting" other="# waiting" />)
            </>
          ) : null}
        </li>
      ) : null}
      {ridesLeft > 0 ? (
        <li>
          <Plural
            value={ridesLeft}
            one="Removes them from # ride they joined or wait for"
            other="Removes them from # rides they joined or wait for"
          />
        </li>
      ) : null}
      {ridesReleased > 0 ? (
        <li>
          <Plural
            value={ridesReleased}
            one="Releases # ride they drive, for another driver"
            other="Releases # rides they drive, for another driver"
          />
        </li>
      ) : null}
      {requestsClosed > 0 ? (
        <li>
          <Plural value={requestsClosed} one="Closes # open ride request" other="Closes # open ride requests" />
        </li>
      ) : null}
      {nothingElse ? (
        <li>
          <Trans>They have no upcoming rides or open requests.</Trans>
        </li>
      ) : null}
    </ul>
  );
}

export function ReportActions({ report }: { report: OpenReport }) {
  const { t } = useLingui();
  const moderate = useModerateReport();
  const [days, setDays] = useState<SuspensionChoice>('7');
  // The reason the admin gave, held while they read what the suspension would do.
  const [confirmingWith, setConfirmingWith] = useState<ModerationActionInput | null>(null);
  const daysId = useId();
  const hideable = report.targetKind !== 'member' && report.target !== null && !report.target.hidden;
  const ownerName = report.target?.owner?.name ?? '';
  const duration = t(SUSPENSION_LABELS[days]);

  const act = (action: ModerationAction['action'], values: ModerationActionInput) => {
    const request: ModerationAction =
      action === 'suspend'
        ? { action, reportId: report.id, reason: values.reason, days: days === 'forever' ? null : Number(days) }
        : { action, reportId: report.id, reason: values.reason };
    // Not mutate's own callbacks: the answer's refetch drops this report from the queue, which
    // unmounts this form before they would run, and the admin was told nothing.
    moderate
      .mutateAsync(request)
      .then((answer) => toastSuccess(t`Done`, answer.message), toastFailure(t`Could not do that`));
  };

  return (
    <Form<ModerationActionInput>
      schema={moderationActionSchema}
      ariaLabel={t`Act on report ${report.id}`}
      defaultValues={{ reason: '' }}
      onSubmit={(values) => act('dismiss', values)}
      className="flex flex-col gap-2"
    >
      {(form) => (
        <>
          <TextField<ModerationActionInput> name="reason" label={t`Your reason (kept in the log)`} autoComplete="off" />
          <div className="flex flex-wrap items-end gap-2">
            <button type="submit" className="btn btn-outline btn-sm min-h-11" disabled={moderate.isPending}>
              <Trans>Dismiss</Trans>
            </button>
            {hideable ? (
              <button
                type="button"
                className="btn btn-warning btn-sm min-h-11"
                disabled={moderate.isPending}
                onClick={() => void form.handleSubmit((values) => act('hide', values))()}
              >
                <Trans>Hide</Trans>
              </button>
            ) : null}
          </div>
          {report.target?.owner ? (
            <div className="flex flex-wrap items-end gap-2">
              <label htmlFor={daysId} className="flex flex-col gap-1 text-sm">
                <Trans>Suspend for</Trans>
                <select
                  id={daysId}
                  className="select select-sm min-h-11"
                  value={days}
                  onChange={(event) => setDays(event.target.value as SuspensionChoice)}
                >
                  {SUSPENSION_CHOICES.map((choice) => (
                    <option key={choice} value={choice}>
                      {t(SUSPENSION_LABELS[choice])}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="btn btn-error btn-sm min-h-11"
                disabled={moderate.isPending}
                onClick={() => void form.handleSubmit((values) => setConfirmingWith(values))()}
              >
                <Trans>Suspend member</Trans>
              </button>
              <ConfirmDialog
                open={confirmingWith !== null}
                title={
                  days === 'forever' ? t`Suspend ${ownerName} for good?` : t`Suspend ${ownerName} for ${duration}?`
                }
                confirmLabel={t`Suspend`}
                destructive
                onConfirm={() => {
                  if (confirmingWith) act('suspend', confirmingWith);
                  setConfirmingWith(null);
                }}
                onCancel={() => setConfirmingWith(null)}
              >
                {confirmingWith ? <SuspensionConsequences reportId={report.id} /> : null}
              </ConfirmDialog>
            </div>
          ) : null}
        </>
      )}
    </Form>
  );
}
