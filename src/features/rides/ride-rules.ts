import { ADDITIONAL_STOP_COST_SGD } from '@shared/limits.ts';
import type { Direction, DropoffEntry, Passenger, Ride, RideStatus } from '@shared/types/ride.ts';

// SPEC §4 and §9: the rules every ride screen shares.

export type RideBadge = 'Past' | 'Full' | 'Your Ride' | 'Join';

export function isPast(ride: Pick<Ride, 'date'>, now: number = Date.now()): boolean {
  return Date.parse(ride.date) < now;
}

export function isFull(ride: Pick<Ride, 'currentPassengers' | 'maxPassengers'>): boolean {
  return ride.currentPassengers >= ride.maxPassengers;
}

export function remainingSpots(ride: Pick<Ride, 'currentPassengers' | 'maxPassengers'>): number {
  return Math.max(0, ride.maxPassengers - ride.currentPassengers);
}

// Past, then Full, then Your Ride, otherwise Join.
export function rideBadge(ride: Ride, currentUserId: number | null | undefined, now: number = Date.now()): RideBadge {
  if (isPast(ride, now)) return 'Past';
  if (isFull(ride)) return 'Full';
  if (currentUserId != null && ride.creatorId === currentUserId) return 'Your Ride';
  return 'Join';
}

export function directionLabel(direction: Direction): string {
  return direction === 'SG->FC' ? 'Singapore to Forest City' : 'Forest City to Singapore';
}

export function statusLabel(status: RideStatus | string): string {
  if (status === 'open') return 'Open';
  if (status === 'assigned') return 'Driver Assigned';
  return 'Completed';
}

export function organizerName(ride: Pick<Ride, 'organizerName' | 'creatorName'>): string {
  return ride.organizerName || ride.creatorName || 'Unknown Organizer';
}

export function passengerName(passenger: Passenger): string {
  return passenger.user.fullName || passenger.user.name || 'Passenger';
}

// Card: cost shared by the people already in, rounded to a whole dollar.
export function cardCostPerPerson(ride: Pick<Ride, 'cost' | 'currentPassengers'>): number {
  return Math.round(ride.cost / Math.max(1, ride.currentPassengers));
}

export function totalCost(ride: Pick<Ride, 'cost' | 'additionalStops'>): number {
  return ride.cost + (ride.additionalStops ?? 0) * ADDITIONAL_STOP_COST_SGD;
}

// Detail page: the estimate if the car fills up, to the cent.
export function perPersonEstimate(ride: Pick<Ride, 'cost' | 'additionalStops' | 'maxPassengers'>): string {
  return (totalCost(ride) / Math.max(1, ride.maxPassengers)).toFixed(2);
}

export function additionalStopsText(additionalStops: number): string {
  return `+$${additionalStops * ADDITIONAL_STOP_COST_SGD} SGD for ${additionalStops} additional stops`;
}

export function dropoffEntries(ride: Pick<Ride, 'dropoffLocations'>): DropoffEntry[] {
  return (ride.dropoffLocations ?? []).map((entry) =>
    typeof entry === 'string' ? { location: entry, passengerCount: 1 } : entry,
  );
}

export function firstDropoff(ride: Pick<Ride, 'dropoffLocations'>): string {
  return dropoffEntries(ride)[0]?.location ?? '';
}

// FC->SG cards name where the car goes; SG->FC cards where it starts.
export function cardLocationLine(ride: Ride): string {
  return ride.direction === 'FC->SG' ? `To: ${firstDropoff(ride)}` : `From: ${ride.pickupLocation ?? ''}`;
}

export function sortPassengersByStop(passengers: Passenger[]): Passenger[] {
  return [...passengers].sort(
    (a, b) => (a.dropoffSequence ?? Number.MAX_SAFE_INTEGER) - (b.dropoffSequence ?? Number.MAX_SAFE_INTEGER),
  );
}
