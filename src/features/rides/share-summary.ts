import { formatDateTime, formatSgd } from '../../lib/format';
import { directionLabel, dropoffEntries, sortPassengersByStop, totalCost } from './ride-rules';
import type { Passenger, Ride } from '@shared/types/ride.ts';

// The text members paste into WhatsApp (SPEC §9).
export function tripSummary(ride: Ride, origin: string, passengers: Passenger[] = []): string {
  const lines = [
    `FC RideShare: ${directionLabel(ride.direction)}`,
    `Date & time: ${formatDateTime(ride.date)}`,
  ];
  if (ride.direction === 'FC->SG') {
    const stops = [
      ...dropoffEntries(ride).map((entry) => entry.location),
      ...sortPassengersByStop(passengers).map((passenger) => passenger.dropoffLocation),
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
