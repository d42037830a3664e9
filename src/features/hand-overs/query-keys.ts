import { showsRide } from '../../lib/ride-changes';

// A ride's pending hand-over (issue 26 §2), for its organiser and the passenger offered. An offer
// is to a passenger: one who leaves takes it along.
export const handoverKeys = {
  all: ['hand-overs'] as const,
  ride: (rideId: number) => [...handoverKeys.all, rideId, showsRide(rideId, ['aboard', 'organiser'])] as const,
};
