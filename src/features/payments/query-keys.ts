import { showsRide } from '../../lib/ride-changes';

// Where a ride's passengers pay (the organiser's name, number and Revolut) and, for the
// organiser, the totals. A seat's own money comes with the ride's passengers (the rides
// feature), which a payment's answer writes into (lib/ride-changes.ts); only a new organiser (a
// hand-over) changes the payee.
export const paymentKeys = {
  all: ['payments'] as const,
  ride: (rideId: number) => [...paymentKeys.all, rideId, showsRide(rideId, ['organiser'])] as const,
};
