import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';

import { AuthLink } from '../../../components/auth-link';
import type { User } from '../../../lib/auth';
import { formatShortDateTime } from '../../../lib/format';
import { directionLabel } from '../../../lib/ride-rules';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useCloseRideRequest } from '../api/close-ride-request';
import { useDeleteRideRequest } from '../api/delete-ride-request';
import { useLeaveRideRequest } from '../api/leave-ride-request';
import { demandText, windowText } from '../ride-requests';

// The form (react-hook-form and zod) comes with the first card that offers it, not with Home's
// first render (tests/build/bundle-budget.test.ts).
const MeTooForm = lazy(() => import('./me-too-form').then((module) => ({ default: module.MeTooForm })));

// One request: its way, day and window, the demand, who asked and from where, and what the
// member can do with it. Public like a ride card: names and areas, never contacts.
export function RideRequestCard({ request, user }: { request: RideRequest; user: User | null | undefined }) {
  const { t } = useLingui();
  const close = useCloseRideRequest();
  const remove = useDeleteRideRequest();
  const leave = useLeaveRideRequest();
  const mine = user?.id === request.requesterId;
  const myEntry = user ? request.members.find((member) => member.userId === user.id) : undefined;
  const open = request.status === 'open';
  const asker = request.requesterName ?? t`A member`;
  const area = request.area;
  const demand = demandText(request);
  const titleId = `request-${request.id}-title`;
  const myParty = myEntry?.passengerCount ?? 0;
  // Several organisers may offer a ride for one request, one each: the requester joins the one
  // they choose.
  const offeredByMe = user ? request.rides.some((ride) => ride.organiserId === user.id) : false;
  const offered = request.rides.length;

  const onDelete = () => {
    if (!window.confirm(t`Delete this ride request?`)) return;
    remove.mutate(request.id, {
      onSuccess: () => toastSuccess(t`Ride request deleted`),
      onError: toastFailure(t`Error`),
    });
  };

  return (
    <article aria-labelledby={titleId} className="card border-base-300 bg-base-100 flex flex-col gap-2 border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          <Link to={`/requests/${request.id}`} className="link link-hover">
            {directionLabel(request.direction)}
          </Link>
        </h3>
        <span className="badge badge-secondary">{demand}</span>
      </div>
      <p className="text-sm">{windowText(request)}</p>
      <p className="text-sm">
        {/* Names and places as the members wrote them: no translator touches them. */}
        <Trans>
          Asked by <span translate="no">{asker}</span> · <span translate="no">{area}</span>
        </Trans>
      </p>
      {request.note ? <p className="text-sm italic">{request.note}</p> : null}
      {request.members.length > 0 ? (
        <p className="text-sm opacity-80">
          <Trans>Me too:</Trans>{' '}
          <span translate="no">
            {request.members
              .map((member) => `${member.name ?? t`A member`} (${member.passengerCount}, ${member.area})`)
              .join(' · ')}
          </span>
        </p>
      ) : null}
      {request.rides.length > 0 ? (
        <div role="status" className="alert alert-success flex flex-col items-start gap-1 py-2 text-sm">
          <p>
            <Plural value={offered} one="Ride offered:" other="Rides offered:" />
          </p>
          <ul className="flex flex-col gap-1">
            {request.rides.map((ride) => {
              const organiser = ride.organiserName ?? t`A member`;
              return (
                <li key={ride.id}>
                  <Link to={`/rides/${ride.id}`} className="link">
                    {directionLabel(ride.direction)} · {formatShortDateTime(ride.date)}
                  </Link>{' '}
                  <Trans>
                    by <span translate="no">{organiser}</span>
                  </Trans>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {request.status === 'closed' ? (
        <p className="badge badge-ghost">
          <Trans>Closed: found a ride</Trans>
        </p>
      ) : request.status === 'ended' ? (
        <p className="badge badge-ghost">
          <Trans>Ended</Trans>
        </p>
      ) : null}

      {!open ? null : !user ? (
        <AuthLink className="btn btn-outline btn-sm min-h-11 self-start">
          <Trans>Log in to say Me too</Trans>
        </AuthLink>
      ) : mine ? (
        <div className="flex flex-wrap gap-2">
          <Link to={`/requests/${request.id}/edit`} className="btn btn-outline btn-sm min-h-11">
            <Trans>Edit</Trans>
          </Link>
          <button
            type="button"
            className="btn btn-outline btn-sm min-h-11"
            disabled={close.isPending}
            onClick={() =>
              close.mutate(request.id, {
                onSuccess: () => toastSuccess(t`Glad you found a ride`),
                onError: toastFailure(t`Error`),
              })
            }
          >
            <Trans>Found a ride</Trans>
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11"
            disabled={remove.isPending}
            onClick={onDelete}
          >
            <Trans>Delete</Trans>
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          {myEntry ? (
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm">
                <Trans>You're on this request (party of {myParty}).</Trans>
              </p>
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11"
                disabled={leave.isPending}
                onClick={() => leave.mutate(request.id, { onError: toastFailure(t`Error`) })}
              >
                <Trans>Take me off</Trans>
              </button>
            </div>
          ) : user.isVendor ? null : (
            <Suspense fallback={<span className="loading loading-dots loading-sm" aria-hidden="true" />}>
              <MeTooForm request={request} />
            </Suspense>
          )}
          {!offeredByMe && !user.isVendor ? (
            <Link to={`/rides/create?request=${request.id}`} className="btn btn-primary btn-sm min-h-11 self-start">
              <Trans>Start a ride for this</Trans>
            </Link>
          ) : null}
        </div>
      )}
    </article>
  );
}
