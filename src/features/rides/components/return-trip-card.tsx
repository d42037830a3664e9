import { Trans } from '@lingui/react/macro';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { Link, useNavigate } from 'react-router-dom';

import type { User } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { directionLabel } from '../../../lib/ride-rules';
import { usePassengers } from '../api/get-passengers';
import { mirrorStop, returnJoinPrefill, returnJoinState } from '../return-trip';

function JoinReturnButton({
  returnId,
  entry,
}: {
  returnId: number;
  entry: Pick<Passenger, 'dropoffLocation' | 'passengerCount'>;
}) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn-primary min-h-11 self-start"
      onClick={() => navigate(`/rides/${returnId}/join`, { state: returnJoinState(returnJoinPrefill(entry)) })}
    >
      <Trans>Join the return</Trans>
    </button>
  );
}

// On the outbound: its organiser and passengers see that the way back is planned; a passenger
// joins it with their stop mirrored (return-trip.ts).
function OutboundReturnCard({
  ride,
  user,
  passengers,
}: {
  ride: Ride;
  user: User;
  passengers: Passenger[] | undefined;
}) {
  const back = ride.returnTrip!;
  const isOrganiser = user.id === ride.creatorId;
  const mine = passengers?.find((passenger) => passenger.userId === user.id);
  if (!isOrganiser && !mine) return null;
  const date = formatDateTime(back.date);
  return (
    <section aria-labelledby="return-trip-title" className="card border border-primary bg-base-100 p-4">
      <h2 id="return-trip-title" className="mb-1 text-lg font-semibold">
        <Trans>Return trip planned: {date}</Trans>
      </h2>
      <p className="mb-3 text-sm">{directionLabel(back.direction)}</p>
      {mine ? (
        <JoinReturnButton returnId={back.id} entry={mine} />
      ) : (
        <Link to={`/rides/${back.id}`} className="btn btn-outline min-h-11 self-start">
          <Trans>View the return</Trans>
        </Link>
      )}
    </section>
  );
}

// On the return (where the notification leads): a member who rode out, and is not on it yet,
// joins with their stop from the outbound.
function ReturnOfCard({ ride, outboundId, user }: { ride: Ride; outboundId: number; user: User }) {
  const outbound = usePassengers(outboundId, true);
  const mine = outbound.data?.find((passenger) => passenger.userId === user.id);
  if (!mine) return null;
  const date = formatDateTime(ride.date);
  const stop = mine.dropoffLocation ? mirrorStop(mine.dropoffLocation) : '';
  return (
    <section aria-labelledby="return-of-title" className="card border border-primary bg-base-100 p-4">
      <h2 id="return-of-title" className="mb-1 text-lg font-semibold">
        <Trans>The return of your ride</Trans>
      </h2>
      <p className="mb-3 text-sm">
        {stop ? (
          <Trans>
            Return trip planned: {date}. Join with your stop from the way out, <span translate="no">{stop}</span>,
            filled in.
          </Trans>
        ) : (
          <Trans>Return trip planned: {date}. Join with your stop from the way out filled in.</Trans>
        )}
      </p>
      <JoinReturnButton returnId={ride.id} entry={mine} />
    </section>
  );
}

export function ReturnTripCard({
  ride,
  user,
  passengers,
  canJoin,
}: {
  ride: Ride;
  user: User | null;
  passengers: Passenger[] | undefined;
  canJoin: boolean;
}) {
  if (!user) return null;
  if (ride.returnTrip) return <OutboundReturnCard ride={ride} user={user} passengers={passengers} />;
  if (ride.returnOf != null && canJoin) return <ReturnOfCard ride={ride} outboundId={ride.returnOf} user={user} />;
  return null;
}
