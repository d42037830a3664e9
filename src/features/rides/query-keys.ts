import { EVERY_RIDE_FACT, type RideFact, showsAnyRide, showsRide } from '../../lib/ride-changes';
import type { RideListParams } from './api/get-ride-page';

// The rides feature's queries: the lists, one ride and its passengers, the community's counts.
// Each key ends with what it shows of rides (lib/ride-changes.ts), so a change made anywhere
// reads again only the queries it concerns: a join re-reads this ride's passengers and the
// lists, not every ride query there is. The waitlist, payments, series, hand-overs and the
// vendor keep their own keys in their features.

// List items carry no stop order or lock (ADR 0009).
const LISTED: readonly RideFact[] = ['aboard', 'organiser', 'driver', 'details', 'exists'];
// A passenger's share follows the price and the people aboard; their money, the organiser.
const PASSENGERS: readonly RideFact[] = ['aboard', 'order', 'organiser', 'details'];

export const rideKeys = {
  all: ['rides'] as const,
  // One windowed list (ADR 0009): its pages live under one key per set of parameters.
  page: (params: RideListParams) => [...rideKeys.all, 'page', params, showsAnyRide(LISTED)] as const,
  detail: (id: number) => [...rideKeys.all, 'detail', id, showsRide(id, EVERY_RIDE_FACT, 'ride')] as const,
  passengers: (id: number) => [...rideKeys.all, 'passengers', id, showsRide(id, PASSENGERS, 'passengers')] as const,
  // How many rides there are (and members): only a ride made or gone changes it.
  stats: () => [...rideKeys.all, 'stats', showsAnyRide(['exists'])] as const,
};
