import { showsRide } from '../../lib/ride-changes';

// A ride's queue: the caller's place and how many wait, or for the organiser who. It changes
// with who is aboard (freed seats fill from it, a join takes the member out of it), with the
// seats its organiser sets, and with who organises it.
export const waitlistKeys = {
  all: ['waitlist'] as const,
  ride: (rideId: number) =>
    [...waitlistKeys.all, rideId, showsRide(rideId, ['aboard', 'organiser', 'details'])] as const,
};
