import { formatDateTime, formatSgd } from '../../lib/format';
import { directionLabel, dropoffEntries, sortPassengersByStop, totalCost } from './ride-rules';
import type { Passenger, Ride } from '@shared/types/ride.ts';

// What the summary reads of a ride: all of it is in a list item (RideListItem, ADR 0009) as well
// as in a whole ride, so a card can share without the detail call.
export type SummaryRide = Pick<
  Ride,
  'id' | 'direction' | 'date' | 'pickupLocation' | 'dropoffLocations' | 'currentPassengers' | 'maxPassengers' | 'cost' | 'additionalStops'
>;
export type SummaryPassenger = Pick<Passenger, 'dropoffLocation' | 'dropoffSequence'>;

// The text members paste into WhatsApp (SPEC §9).
export function tripSummary(ride: SummaryRide, origin: string, passengers: readonly SummaryPassenger[] = []): string {
  const lines = [
    `FC RideShare: ${directionLabel(ride.direction)}`,
    `Date & time: ${formatDateTime(ride.date)}`,
  ];
  if (ride.direction === 'FC->SG') {
    const stops = [
      ...dropoffEntries(ride).map((entry) => entry.location),
      ...sortPassengersByStop(passengers).flatMap((passenger) => (passenger.dropoffLocation ? [passenger.dropoffLocation] : [])),
    ];
    lines.push(`Pickup: ${ride.pickupLocation || 'Forest City'}`, 'Drop-offs:');
    stops.forEach((stop, index) => lines.push(`${index + 1}. ${stop}`));
  } else {
    lines.push(`Pickup: ${ride.pickupLocation ?? ''}`, 'Drop-off: Forest City');
  }
  lines.push(
    `Passengers: ${ride.currentPassengers}/${ride.maxPassengers}`,
    `Total cost: ${formatSgd(totalCost(ride))}`,
    `Join: ${origin}/rides/${ride.id}`,
  );
  return lines.join('\n');
}
