import { Trans } from '@lingui/react/macro';
import { pickupPlace, type RideRoute } from '@shared/stops.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';

import { formatClockTime, formatDateTime } from '../../../lib/format';
import { CostBreakdown } from './cost-breakdown';

// The ride page's "Ride information": when, the pickup or the drop-offs in the one route every
// screen numbers the same way (_shared/stops.ts), the reader's own pickup, and the cost.
// canOrder: the reader sets the stop order (the organiser; an SG->FC ride's driver too), opened
// with the button beside the stops.
export function RideInformation({
  ride,
  route,
  own,
  canOrder,
  ordering,
  setOrdering,
}: {
  ride: Ride;
  route: RideRoute<Passenger>;
  // The reader's own entry, when a passenger.
  own: Passenger | undefined;
  canOrder: boolean;
  ordering: boolean;
  setOrdering: (change: (open: boolean) => boolean) => void;
}) {
  // "Pickup 2 of 3 · about 8:20 am": the passenger's own place once the pickup order is set.
  const ownPickup = own ? pickupPlace(route, own) : null;
  const order = canOrder ? <OrderButton ride={ride} ordering={ordering} setOrdering={setOrdering} /> : null;
  return (
    <section className="card border border-base-300 bg-base-100 p-4" aria-labelledby="info-title">
      <h2 id="info-title" className="mb-2 text-lg font-semibold">
        <Trans>Ride information</Trans>
      </h2>
      <dl className="mb-4 grid gap-2">
        <div>
          <dt className="text-sm font-medium">
            <Trans>Date and time</Trans>
          </dt>
          <dd>{formatDateTime(ride.date)}</dd>
        </div>
        {ownPickup && own ? <OwnPickup place={ownPickup} time={own.pickupTime} /> : null}
        {ride.direction === 'SG->FC' ? (
          <div>
            <dt className="text-sm font-medium">
              <Trans>Pickup location</Trans>
            </dt>
            <dd>
              <span className="whitespace-pre-line" translate="no">
                {ride.pickupLocation}
              </span>
              {order ? <div>{order}</div> : null}
            </dd>
          </div>
        ) : (
          <>
            {ride.meetingPoint ? (
              <div>
                <dt className="text-sm font-medium">
                  <Trans>Meeting point in Forest City</Trans>
                </dt>
                <dd className="whitespace-pre-line" translate="no">
                  {ride.meetingPoint}
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-sm font-medium">
                <Trans>Drop-off locations</Trans>
              </dt>
              <dd>
                <ol className="list-decimal pl-5">
                  {route.stops.flatMap((stop) =>
                    stop.location
                      ? [
                          <li
                            key={stop.number}
                            value={stop.number ?? undefined}
                            className="whitespace-pre-line"
                            translate="no"
                          >
                            {stop.location}
                          </li>,
                        ]
                      : [],
                  )}
                </ol>
                {order}
              </dd>
            </div>
          </>
        )}
      </dl>
      <h3 className="mb-1 font-medium">
        <Trans>Cost breakdown</Trans>
      </h3>
      <CostBreakdown ride={ride} />
    </section>
  );
}

// Opens the stop order panel: the drop-off order FC->SG, the pickup order SG->FC.
function OrderButton({
  ride,
  ordering,
  setOrdering,
}: {
  ride: Ride;
  ordering: boolean;
  setOrdering: (change: (open: boolean) => boolean) => void;
}) {
  const pickups = ride.direction === 'SG->FC';
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm mt-2 min-h-11"
      aria-expanded={ordering}
      aria-controls={`sequence-${ride.id}-title`}
      onClick={() => setOrdering((open) => !open)}
    >
      {pickups ? (
        ordering ? (
          <Trans>Hide the pickup order</Trans>
        ) : (
          <Trans>Set the pickup order</Trans>
        )
      ) : ordering ? (
        <Trans>Hide the drop-off order</Trans>
      ) : (
        <Trans>Set the drop-off order</Trans>
      )}
    </button>
  );
}

// Issue 37 §3: where the passenger is in the pickup order, and about when the car comes, in
// Singapore time.
function OwnPickup({ place, time }: { place: { number: number; of: number }; time: string | null }) {
  const { number, of: count } = place;
  const at = time ? formatClockTime(time) : null;
  return (
    <div data-testid="own-pickup">
      <dt className="text-sm font-medium">
        <Trans>Your pickup</Trans>
      </dt>
      <dd className="font-semibold">
        {at ? (
          <Trans>
            Pickup {number} of {count} · about {at}
          </Trans>
        ) : (
          <Trans>
            Pickup {number} of {count}
          </Trans>
        )}
      </dd>
    </div>
  );
}
