import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';

import { QueryState } from '../../../components/query-state';
import { useUser } from '../../../lib/auth';
import type { MemberSlot } from '../../../lib/member-slot';
import type { ReportSlot } from '../../../lib/report-slot';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRideRequest } from '../api/get-ride-request';
import { RideRequestCard } from './ride-request-card';

// /requests/:id: the page a shared request link opens (its preview is the server's, server/ride-preview.ts).
// report: the moderation feature's Report button, and member: Block beside the requester, for
// members other than the requester (Home's cards link here for both).
export function RideRequestPage({ report, member }: { report?: ReportSlot; member?: MemberSlot } = {}) {
  const { t } = useLingui();
  const id = Number(useParams().id);
  const request = useRideRequest(Number.isInteger(id) ? id : 0);
  const { data: user } = useUser();
  useDocumentTitle(t`Ride request`);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Looking for a ride</Trans>
      </h1>
      {request.data ? (
        <>
          <RideRequestCard request={request.data} user={user} />
          {user && user.id !== request.data.requesterId ? (
            <div className="flex flex-wrap items-center gap-2 self-start">
              {report?.({ kind: 'ride_request', id: request.data.id, label: t`Report this request` })}
              {member?.({ userId: request.data.requesterId, name: request.data.requesterName ?? t`A member` })}
            </div>
          ) : null}
        </>
      ) : request.isPending ? (
        <QueryState loading={t`Loading ride request…`} />
      ) : (
        <QueryState
          error={t`This ride request is not here any more.`}
          onRetry={() => request.refetch()}
          retrying={request.isFetching}
        />
      )}
      <Link to="/home" className="btn btn-ghost min-h-11 self-start">
        <Trans>Back to Home</Trans>
      </Link>
    </div>
  );
}
