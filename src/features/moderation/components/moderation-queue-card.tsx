import { Trans, useLingui } from '@lingui/react/macro';

import { QueryState } from '../../../components/query-state';
import { useModerationQueue } from '../api/get-moderation-queue';
import { LogItem } from './moderation-log-item';
import { ReportItem } from './report-item';
import { SuspensionItem } from './suspension-item';

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
