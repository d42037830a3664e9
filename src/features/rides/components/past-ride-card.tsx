import { Trans } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';

export function PastRideCard({ ride }: { ride: Ride }) {
  const completed = ride.status === 'completed';
  return (
    <section className="alert" role="status">
      <div>
        <h2 className="font-semibold">
          {completed ? <Trans>This Ride Is Completed</Trans> : <Trans>This Ride Is In The Past</Trans>}
        </h2>
        <p>
          {completed ? (
            <Trans>This trip has been completed.</Trans>
          ) : (
            <Trans>This ride has already departed and can no longer be joined.</Trans>
          )}
        </p>
      </div>
    </section>
  );
}
