import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RideSeries, SeriesDate } from '@shared/types/ride-series.ts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { AuthLink } from '../../../components/auth-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { type User, useUser } from '../../../lib/auth';
import { formatClockTime, formatDateTime, formatShortDay } from '../../../lib/format';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEndSeries } from '../api/end-series';
import { useRide } from '../../rides/api/get-ride';
import { useSeries } from '../api/get-series';
import { useJoinSeries } from '../api/join-series';
import { useLeaveSeries } from '../api/leave-series';
import { joinSeriesResultText } from '../join-series-result';
import { directionLabel } from '../../../lib/ride-rules';
import { seatsTakenBy, seriesLabel, weekdaysText } from '../../../lib/ride-series';
import { ExtendSeriesForm } from './extend-series-form';
import { JoinSeriesForm } from './join-series-form';
import { OrganizedBy } from '../../rides/components/organized-by';

// Issue 27: a weekly series seen whole, at /series/:id. Its dates are real rides, each linked;
// a member joins every date from now in one go, a regular leaves the rest, the organiser ends it.
export function SeriesPage() {
  const { id } = useParams();
  return <SeriesPageScreen key={id ?? 'none'} seriesId={Number(id)} />;
}

function SeriesNotFound() {
  return (
    <section className="flex flex-col items-center gap-4 py-12 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Series not found</Trans>
      </h1>
      <p>
        <Trans>This weekly series does not exist.</Trans>
      </p>
      <Link to="/home" className="btn btn-primary min-h-11">
        <Trans>Back to Home</Trans>
      </Link>
    </section>
  );
}

function SeriesPageScreen({ seriesId }: { seriesId: number }) {
  const { t } = useLingui();
  const { data: user, isPending: userPending } = useUser();
  const series = useSeries(seriesId);
  useDocumentTitle(t`Weekly series`);

  if (!Number.isInteger(seriesId) || seriesId <= 0) return <SeriesNotFound />;
  if (series.isPending || userPending) return <QueryState loading={t`Loading series…`} />;
  if (!series.data) {
    if (series.error instanceof ApiError && (series.error.status === 404 || series.error.status === 400))
      return <SeriesNotFound />;
    const loadError = series.error?.message ?? '';
    return (
      <QueryState
        error={<Trans>Could not load this series: {loadError}</Trans>}
        onRetry={() => series.refetch()}
        retrying={series.isFetching}
      />
    );
  }
  return <SeriesView series={series.data} user={user ?? null} />;
}

function SeriesView({ series, user }: { series: RideSeries; user: User | null }) {
  const isOrganiser = user?.id === series.creatorId;
  const ended = series.endedAt !== null;
  const label = seriesLabel(series);
  const days = weekdaysText(series.weekdays);
  const time = formatClockTime(series.time);
  const organizer = series.organizerName ?? '';
  const canJoin = Boolean(user) && !isOrganiser && !ended && series.regular === null && series.dates.length > 0;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <section className="card border border-base-300 bg-base-100 p-4" aria-labelledby="series-title">
        <p className="text-sm font-medium opacity-80">
          <Trans>Weekly series</Trans>
        </p>
        <h1 id="series-title" className="text-2xl font-bold">
          {directionLabel(series.direction)}
        </h1>
        <p className="mt-1">{label}</p>
        <p>
          <Trans>
            Every {days} at {time} (Singapore time)
          </Trans>
        </p>
        <OrganizedBy organizer={organizer} />
        {ended ? (
          <p role="status" className="alert alert-warning mt-3">
            <Trans>The organizer ended this series: its upcoming dates are cancelled.</Trans>
          </p>
        ) : null}
        {series.regular ? (
          <p role="status" className="alert alert-success mt-3">
            <Plural
              value={series.regular.passengerCount}
              one="You ride every date from now, # passenger."
              other="You ride every date from now, # passengers."
            />
          </p>
        ) : null}
      </section>

      <SeriesDates dates={series.dates} />

      {canJoin ? <JoinSeriesForm seriesId={series.id} direction={series.direction} /> : null}
      {user && series.regular && !ended ? <JoinNewDates series={series} regular={series.regular} /> : null}
      {!user && !ended && series.dates.length > 0 ? (
        <section className="card bg-base-200 p-4">
          <p className="mb-3">
            <Trans>Log in to join every date of this series at once.</Trans>
          </p>
          <AuthLink className="btn btn-primary min-h-11 self-start">
            <Trans>Login or Register</Trans>
          </AuthLink>
        </section>
      ) : null}
      {user && !isOrganiser && !ended ? <LeaveRestButton series={series} /> : null}
      {isOrganiser && !ended ? <ExtendSeriesForm series={series} /> : null}
      {isOrganiser && !ended && series.dates.length > 0 ? <EndSeriesButton series={series} /> : null}
    </div>
  );
}

function SeriesDates({ dates }: { dates: SeriesDate[] }) {
  return (
    <section className="card border border-base-300 bg-base-100 p-4" aria-labelledby="series-dates-title">
      <h2 id="series-dates-title" className="mb-2 text-lg font-semibold">
        <Trans>Upcoming dates</Trans>
      </h2>
      {dates.length === 0 ? (
        <p>
          <Trans>No upcoming dates.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300">
          {dates.map((date) => (
            <li key={date.rideId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1">
              <Link to={`/rides/${date.rideId}`} className="link inline-flex min-h-11 items-center">
                {formatDateTime(date.date)}
              </Link>
              <span className="flex flex-wrap items-center gap-2 text-sm">
                {date.seatsLeft > 0 ? (
                  <Plural value={date.seatsLeft} one="# seat left" other="# seats left" />
                ) : (
                  <Trans>Full</Trans>
                )}
                {date.onRide ? (
                  <span className="badge badge-success">
                    <Trans>You're on it</Trans>
                  </span>
                ) : date.onWaitlist ? (
                  <span className="badge badge-warning">
                    <Trans>On the waitlist</Trans>
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// Dates added after a regular joined (the organiser ran the series longer; the inbox links here):
// the regular's own party and stop, in one tap.
function JoinNewDates({ series, regular }: { series: RideSeries; regular: NonNullable<RideSeries['regular']> }) {
  const { t } = useLingui();
  const join = useJoinSeries();
  const missing = series.dates.filter((date) => !date.onRide && !date.onWaitlist).length;
  if (missing === 0) return null;
  return (
    <section aria-labelledby="new-dates-title" className="card border border-primary bg-base-100 p-4">
      <h2 id="new-dates-title" className="mb-2 text-lg font-semibold">
        <Plural value={missing} one="# date you are not on yet" other="# dates you are not on yet" />
      </h2>
      <p className="mb-3 text-sm">
        <Trans>Join them with your usual party and stop. A full date puts you on its waitlist.</Trans>
      </p>
      <button
        type="button"
        className="btn btn-primary min-h-11 self-start"
        disabled={join.isPending}
        onClick={() =>
          // mutateAsync: this button goes once the regular is on every date, taking mutate's callbacks.
          join
            .mutateAsync({ seriesId: series.id, ...regular })
            .then((result) => toastSuccess(t`Joined the series`, joinSeriesResultText(result)), toastFailure(t`Error`))
        }
      >
        {join.isPending ? <Trans>Joining...</Trans> : <Trans>Join them too</Trans>}
      </button>
    </section>
  );
}

// A regular, or a member on some of its dates, leaves the rest: the first date they are on (or
// waiting for) and every later one.
function LeaveRestButton({ series }: { series: RideSeries }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const leave = useLeaveSeries();
  const from = series.dates.find((date) => date.onRide || date.onWaitlist);
  if (!from) return null;
  const fromDay = formatDateTime(from.date);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error min-h-11 self-start"
        disabled={leave.isPending}
        onClick={() => setAsking(true)}
      >
        {leave.isPending ? <Trans>Leaving…</Trans> : <Trans>Leave the rest</Trans>}
      </button>
      <ConfirmDialog
        open={asking}
        title={t`Leave the rest of the series?`}
        confirmLabel={t`Leave the rest`}
        destructive
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          // mutateAsync: the refetched series has no regular, and this part unmounts with mutate's callbacks.
          leave
            .mutateAsync({ seriesId: series.id, fromRideId: from.rideId })
            .then(
              (result) =>
                toastSuccess(
                  t`You left the series`,
                  plural(result.left.length, { one: 'You left # date.', other: 'You left # dates.' }),
                ),
              toastFailure(t`Error`),
            );
        }}
      >
        <Trans>You leave {fromDay} and every later date. The organizer is told.</Trans>
      </ConfirmDialog>
    </>
  );
}

function EndSeriesButton({ series }: { series: RideSeries }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const end = useEndSeries();
  // The organiser's own party is aboard every date; the rest are the passengers told.
  const first = useRide(series.dates[0]?.rideId ?? 0);
  const told = seatsTakenBy(series, first.data?.organizerPassengerCount ?? 1);
  const dates = series.dates.length;
  const until = formatShortDay(series.until);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error min-h-11 self-start"
        disabled={end.isPending}
        onClick={() => setAsking(true)}
      >
        {end.isPending ? <Trans>Ending…</Trans> : <Trans>End series</Trans>}
      </button>
      <ConfirmDialog
        open={asking}
        title={t`End this series?`}
        confirmLabel={t`End series`}
        destructive
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          // mutateAsync: an ended series shows no End button, and mutate's callbacks would go with it.
          end
            .mutateAsync(series.id)
            .then(
              (result) =>
                toastSuccess(
                  t`Series ended`,
                  plural(result.cancelled, { one: '# date cancelled.', other: '# dates cancelled.' }),
                ),
              toastFailure(t`Error`),
            );
        }}
      >
        <p>
          <Plural
            value={dates}
            one={`Its # upcoming date, up to ${until}, is cancelled.`}
            other={`Its # upcoming dates, up to ${until}, are cancelled.`}
          />{' '}
          {told === 0 ? (
            <Trans>Nobody else is booked on them.</Trans>
          ) : (
            <Plural
              value={told}
              one="Passengers hold # seat on them; each of them is told once."
              other="Passengers hold # seats on them; each of them is told once."
            />
          )}
        </p>
      </ConfirmDialog>
    </>
  );
}
