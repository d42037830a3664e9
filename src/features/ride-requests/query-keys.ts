import { showsAnyRide } from '../../lib/ride-changes';

// Ride requests (issue 24): the open ones, and each one whatever became of it. A request shows
// the rides started for it, so a ride made or gone changes it too.
export const rideRequestKeys = {
  all: ['ride-requests'] as const,
  list: () => [...rideRequestKeys.all, 'list', showsAnyRide(['exists'])] as const,
  one: (id: number) => [...rideRequestKeys.all, 'one', id, showsAnyRide(['exists'])] as const,
};
