import { showsRide } from '../../lib/ride-changes';

// Who drives a ride: the assigned vendor's company, driver and car, for the people on it.
export const vendorKeys = {
  all: ['vendor'] as const,
  ride: (rideId: number) => [...vendorKeys.all, rideId, showsRide(rideId, ['driver'])] as const,
};
