import type { Passenger, Ride } from '@shared/types/ride.ts';
import { FOREST_CITY } from '@shared/limits.ts';

export interface Stop {
  location: string;
  yours: boolean;
}

// The car's route as the people on it need it at the checkpoint: SG->FC collects everyone in
// Singapore (the organiser's pickup first, then each passenger in their stop order) and ends
// at Forest City; FC->SG starts at Forest City and drops the organiser's stops, then the
// passengers' in the order the organiser set (or joined, while it is a draft).
export function stopOrder(
  ride: Pick<Ride, 'direction' | 'pickupLocation' | 'dropoffLocations' | 'creatorId'>,
  passengers: ReadonlyArray<Pick<Passenger, 'userId' | 'dropoffLocation' | 'dropoffSequence'>>,
  memberId: number,
): { start: string | null; stops: Stop[]; end: string | null } {
  const organiser = ride.creatorId === memberId;
  const ordered = passengers
    .map((passenger, index) => ({ passenger, index }))
    .sort(
      (a, b) =>
        (a.passenger.dropoffSequence ?? Number.MAX_SAFE_INTEGER) - (b.passenger.dropoffSequence ?? Number.MAX_SAFE_INTEGER) ||
        a.index - b.index,
    )
    .flatMap(({ passenger }) =>
      passenger.dropoffLocation ? [{ location: passenger.dropoffLocation, yours: passenger.userId === memberId }] : [],
    );
  if (ride.direction === 'SG->FC') {
    const pickup = ride.pickupLocation ? [{ location: ride.pickupLocation, yours: organiser }] : [];
    return { start: null, stops: [...pickup, ...ordered], end: FOREST_CITY };
  }
  const own = (ride.dropoffLocations ?? []).map((entry) => ({
    location: typeof entry === 'string' ? entry : entry.location,
    yours: organiser,
  }));
  return { start: ride.pickupLocation || FOREST_CITY, stops: [...own, ...ordered], end: null };
}
