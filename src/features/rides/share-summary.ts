import { t } from '@lingui/core/macro';
import { rideRoute } from '@shared/stops.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';

import { formatDateTime, formatSgd } from '../../lib/format';
import { directionLabel, ridePrice } from '../../lib/ride-rules';

// What the summary reads of a ride: all of it is in a list item (RideListItem, ADR 0009) as well
// as in a whole ride, so a card can share without the detail call.
export type SummaryRide = Pick<
  Ride,
  | 'id'
  | 'direction'
  | 'date'
  | 'pickupLocation'
  | 'meetingPoint'
  | 'dropoffLocations'
  | 'currentPassengers'
  | 'maxPassengers'
  | 'cost'
  | 'additionalStops'
>;
export type SummaryPassenger = Pick<Passenger, 'dropoffLocation' | 'dropoffSequence'>;

// The text members paste into WhatsApp (SPEC §9).
export function tripSummary(ride: SummaryRide, origin: string, passengers: readonly SummaryPassenger[] = []): string {
  const direction = directionLabel(ride.direction);
  const date = formatDateTime(ride.date);
  const lines = [t`FC RideShare: ${direction}`, t`Date & time: ${date}`];
  if (ride.direction === 'FC->SG') {
    // The route every screen numbers (_shared/stops.ts); a stop hidden from the reader keeps
    // its number, so the ones shown match the Passengers tab and the checklist.
    const { start, stops } = rideRoute(ride, passengers);
    const pickup = start ?? '';
    lines.push(t`Pickup: ${pickup}`, t`Drop-offs:`);
    for (const stop of stops) if (stop.location) lines.push(`${stop.number}. ${stop.location}`);
  } else {
    const pickup = ride.pickupLocation ?? '';
    lines.push(t`Pickup: ${pickup}`);
    // Once the pickup order is set (ADR 0040), the pickups the reader may see, numbered as on
    // every screen; until then the pickup alone, as before.
    const route = rideRoute(ride, passengers);
    if (route.numbered && route.stops.some((stop) => stop.passenger && stop.location)) {
      lines.push(t`Pickups in order:`);
      for (const stop of route.stops) if (stop.location) lines.push(`${stop.number}. ${stop.location}`);
    }
    lines.push(t`Drop-off: Forest City`);
  }
  const aboard = ride.currentPassengers;
  const seats = ride.maxPassengers;
  const price = ridePrice(ride);
  const cost = formatSgd(price.total);
  const each = formatSgd(price.nowEach);
  const link = `${origin}/rides/${ride.id}`;
  lines.push(
    t`Passengers: ${aboard}/${seats}`,
    t`Total cost: ${cost}`,
    t`Each now: ${each} (${aboard} aboard)`,
    t`Join: ${link}`,
  );
  return lines.join('\n');
}
