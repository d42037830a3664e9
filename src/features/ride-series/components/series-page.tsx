import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RideSeries } from '@shared/types/ride-series.ts';
import { Link, useParams } from 'react-router-dom';

import { AuthLink } from '../../../components/auth-link';
import { OrganizedBy } from '../../../components/organized-by';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { type User, useUser } from '../../../lib/auth';
import { formatClockTime } from '../../../lib/format';
import { directionLabel } from '../../../lib/ride-rules';
import { seriesLabel, weekdaysText } from '../../../lib/ride-series';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSeries } from '../api/get-series';
import { EndSeriesButton, type OrganiserPartyHook } from './end-series-button';
import { ExtendSeriesForm } from './extend-series-form';
import { JoinSeriesForm } from './join-series-form';
import { SeriesDates } from './series-dates';
import { JoinNewDates, LeaveRestButton } from './series-membership';

// Issue 27: a weekly series seen whole, at /series/:id. Its dates are real rides, each linked;
// a member joins every date from now in one go, a regular leaves the rest, the organiser ends it.
// useOrganiserParty: the rides feature's read of a date's ride, handed in by src/app.
export function SeriesPage({ useOrganiserParty = partyNotKnown }: { useOrganiserParty?: OrganiserPartyHook }) {
  const { id } = useParams();
  return <SeriesPageScreen key={id ?? 'none'} seriesId={Number(id)} useOrganiserParty={useOrganiserParty} />;
}

const partyNotKnown: OrganiserPartyHook = () => undefined;

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

function SeriesPageScreen({
  seriesId,
  useOrganiserParty,
}: {
  seriesId: number;
  useOrganiserParty: OrganiserPartyHook;
}) {
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
  return <SeriesView series={series.data} user={user ?? null} useOrganiserParty={useOrganiserParty} />;
}

function SeriesView({
  series,
  user,
  useOrganiserParty,
}: {
  series: RideSeries;
  user: User | null;
  useOrganiserParty: OrganiserPartyHook;
}) {
  const isOrganiser = user?.id === series.creatorId;
  const ended = series.endedAt !== null;
  const label = seriesLabel(series);
  const days = weekdaysText(series.weekdays);
  const time = formatClockTime(series.time);
  const organiser = series.organizerName ?? '';
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
        <OrganizedBy organiser={organiser} />
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
      {isOrganiser && !ended && series.dates.length > 0 ? (
        <EndSeriesButton series={series} useOrganiserParty={useOrganiserParty} />
      ) : null}
    </div>
  );
}
