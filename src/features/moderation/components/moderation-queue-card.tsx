import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  type ModerationActionInput,
  moderationActionSchema,
  type ModerationLogEntry,
  type ModerationMember,
  type OpenReport,
  type Suspension,
} from '@shared/schemas/moderation.ts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Form, TextField } from '../../../components/form';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useModerationQueue } from '../api/get-moderation-queue';
import { useSuspensionPreview } from '../api/get-suspension-preview';
import { useLiftSuspension } from '../api/lift-suspension';
import { type ModerationAction, useModerateReport } from '../api/moderate-report';
import { ACTION_LABELS, REASON_LABELS, TARGET_LABELS } from '../report-labels';

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

function Until({ until }: { until: string | null }) {
  if (until === null) return null;
  if (until === 'forever') {
    return (
      <span className="badge badge-error">
        <Trans>Suspended for good</Trans>
      </span>
    );
  }
  const when = formatDateTime(until);
  return (
    <span className="badge badge-error h-auto">
      <Trans>Suspended until {when}</Trans>
    </span>
  );
}

function MemberLine({ member }: { member: ModerationMember }) {
  const organised = member.ridesOrganised;
  const joined = member.ridesJoined;
  const reports = member.reportsAgainst;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        <span className="font-medium" translate="no">
          {member.name}
        </span>{' '}
        <span className="break-all opacity-80" translate="no">
          @{member.discordUsername}
        </span>
      </p>
      <p className="opacity-80">
        <Plural value={organised} one="# ride organised" other="# rides organised" /> ·{' '}
        <Plural value={joined} one="# ride joined" other="# rides joined" /> ·{' '}
        <Plural value={reports} one="# report about them" other="# reports about them" />
      </p>
      <Until until={member.suspendedUntil} />
    </div>
  );
}

// The target as the admin needs to judge it: the ride, the request, or the message with its ride.
function TargetContext({ report }: { report: OpenReport }) {
  const target = report.target;
  if (!target) {
    return (
      <p className="text-sm opacity-80">
        <Trans>It is no longer there.</Trans>
      </p>
    );
  }
  const date = target.date ? (report.targetKind === 'ride_request' ? target.date : formatDateTime(target.date)) : '';
  return (
    <div className="flex flex-col gap-2 rounded-box bg-base-200 p-2">
      {report.targetKind === 'ride' ? (
        <p className="text-sm">
          <span translate="no">{target.direction}</span> · {date} · <span translate="no">{target.pickupLocation}</span>{' '}
          ·{' '}
          <Link to={`/rides/${target.id}`} className="link">
            <Trans>Open the ride</Trans>
          </Link>
        </p>
      ) : null}
      {report.targetKind === 'ride_request' ? (
        <p className="text-sm">
          <span translate="no">{target.direction}</span> · {date} · <span translate="no">{target.area}</span>
          {target.note ? (
            <>
              {' '}
              · <q translate="no">{target.note}</q>
            </>
          ) : null}
        </p>
      ) : null}
      {report.targetKind === 'ride_message' ? (
        <>
          <blockquote
            className="border-l-4 border-base-300 pl-2 text-sm break-words whitespace-pre-wrap"
            translate="no"
          >
            {target.body}
          </blockquote>
          <p className="text-sm opacity-80">
            <Trans>
              In the chat of{' '}
              <Link to={`/rides/${target.rideId}`} className="link">
                ride {target.rideId}
              </Link>{' '}
              ({date})
            </Trans>
          </p>
        </>
      ) : null}
      {target.owner ? <MemberLine member={target.owner} /> : null}
    </div>
  );
}

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

function ReportActions({ report }: { report: OpenReport }) {
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

function ReportItem({ report }: { report: OpenReport }) {
  const { t } = useLingui();
  const reporter = report.reporterName;
  const when = formatDateTime(report.createdAt);
  return (
    <li className="flex flex-col gap-2 rounded-box bg-base-100 p-3" aria-label={t`Report ${report.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="badge badge-neutral">{t(TARGET_LABELS[report.targetKind])}</span>
        <span className="font-medium">{t(REASON_LABELS[report.reason])}</span>
      </div>
      <p className="text-sm opacity-80">
        <Trans>
          Reported by <span translate="no">{reporter}</span>,{' '}
          <time dateTime={report.createdAt} className="whitespace-nowrap">
            {when}
          </time>
        </Trans>
      </p>
      {report.note ? (
        <p className="text-sm break-words whitespace-pre-wrap" translate="no">
          {report.note}
        </p>
      ) : null}
      <TargetContext report={report} />
      <ReportActions report={report} />
    </li>
  );
}

function SuspensionItem({ suspension }: { suspension: Suspension }) {
  const { t } = useLingui();
  const lift = useLiftSuspension();
  const name = suspension.member.name;
  return (
    <li className="flex flex-col gap-2 rounded-box bg-base-100 p-3" aria-label={name}>
      <MemberLine member={suspension.member} />
      <p className="text-sm break-words" translate="no">
        {suspension.reason}
      </p>
      <Form<ModerationActionInput>
        schema={moderationActionSchema}
        ariaLabel={t`Lift the suspension of ${name}`}
        defaultValues={{ reason: '' }}
        onSubmit={(values) =>
          lift.mutate(
            { userId: suspension.member.id, reason: values.reason },
            {
              onSuccess: (answer) => toastSuccess(t`Done`, answer.message),
              onError: toastFailure(t`Could not do that`),
            },
          )
        }
        className="flex flex-col gap-2"
      >
        {() => (
          <>
            <TextField<ModerationActionInput>
              name="reason"
              label={t`Your reason (kept in the log)`}
              autoComplete="off"
            />
            <button type="submit" className="btn btn-outline btn-sm min-h-11 self-start" disabled={lift.isPending}>
              <Trans>Lift suspension</Trans>
            </button>
          </>
        )}
      </Form>
    </li>
  );
}

function LogItem({ entry }: { entry: ModerationLogEntry }) {
  const { t } = useLingui();
  const when = formatDateTime(entry.createdAt);
  const admin = entry.adminName ?? '–';
  const target = `${t(TARGET_LABELS[entry.targetKind])} ${entry.targetId}`;
  return (
    <li className="text-sm">
      <time dateTime={entry.createdAt} className="whitespace-nowrap opacity-80">
        {when}
      </time>{' '}
      · <span translate="no">{admin}</span> · <span className="font-medium">{t(ACTION_LABELS[entry.action])}</span> ·{' '}
      {target} · <span translate="no">{entry.reason}</span>
    </li>
  );
}

// The admin's moderation queue (issue 26): open reports with their targets in context, the
// members suspended now, and the newest actions of the log.
export function ModerationQueueCard() {
  const { t } = useLingui();
  const queue = useModerationQueue();

  let body;
  if (queue.isPending) {
    body = <QueryState loading={t`Loading reports…`} className="py-4" />;
  } else if (queue.isError) {
    const reason = queue.error.message;
    body = (
      <QueryState
        error={<Trans>Could not load the reports: {reason}</Trans>}
        onRetry={queue.refetch}
        retrying={queue.isFetching}
      />
    );
  } else {
    const { reports, suspensions, log } = queue.data;
    body = (
      <>
        <section aria-labelledby="open-reports-title" className="flex flex-col gap-2">
          <h3 id="open-reports-title" className="font-semibold">
            <Trans>Open reports</Trans>
          </h3>
          {reports.length === 0 ? (
            <p className="opacity-80">
              <Trans>No open reports.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col gap-2">
              {reports.map((report) => (
                <ReportItem key={report.id} report={report} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="suspensions-title" className="flex flex-col gap-2">
          <h3 id="suspensions-title" className="font-semibold">
            <Trans>Suspended members</Trans>
          </h3>
          {suspensions.length === 0 ? (
            <p className="opacity-80">
              <Trans>Nobody is suspended.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col gap-2">
              {suspensions.map((suspension) => (
                <SuspensionItem key={suspension.member.id} suspension={suspension} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="moderation-log-title" className="flex flex-col gap-2">
          <h3 id="moderation-log-title" className="font-semibold">
            <Trans>Moderation log</Trans>
          </h3>
          {log.length === 0 ? (
            <p className="opacity-80">
              <Trans>Nothing done yet.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col gap-1">
              {log.map((entry) => (
                <LogItem key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }

  return (
    <section
      aria-labelledby="moderation-title"
      aria-busy={queue.isFetching}
      className="card border border-warning bg-base-200"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="moderation-title" className="card-title">
          <Trans>Moderation</Trans>
        </h2>
        <p className="text-sm opacity-80">
          <Trans>
            Dismiss a report, hide the ride, request or message it is about, or suspend the member. Every action is kept
            in the log with your reason.
          </Trans>
        </p>
        {body}
      </div>
    </section>
  );
}
