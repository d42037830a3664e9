import { Trans, useLingui } from '@lingui/react/macro';
import type { OpenReport } from '@shared/schemas/moderation.ts';
import { Link } from 'react-router-dom';

import { formatDateTime } from '../../../lib/format';
import { REASON_LABELS, TARGET_LABELS } from '../report-labels';
import { MemberLine } from './moderation-member';
import { ReportActions } from './report-actions';

// One open report in the queue: what, why and by whom, what it is about, and the admin's actions.
export function ReportItem({ report }: { report: OpenReport }) {
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
