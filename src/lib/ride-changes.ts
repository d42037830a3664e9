import type { Passenger, Ride } from '@shared/types/ride.ts';
import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';

import { seriesIdOf } from './series-link';

// One change to a ride shows in several features: a leave (rides) frees a seat its waitlist
// fills, changes its series' seats and takes a hand-over offer along; a payment (payments)
// changes a passenger entry the rides feature holds. Features do not import each other (ADR
// 0007), so they meet here, by what they show rather than by name (ADR 0044):
// - a query about rides ends its key with what it shows of them (showsRide, showsSeries,
//   showsAnyRide: one ride, a series' dates, or any ride, as a list does);
// - a mutation says what it changed (rideChanged): the queries that hold what its answer carries
//   are given it, and only those showing what changed are read again.

// What a screen shows of a ride that more than one feature may change.
// aboard: who is on it and how many seats are left (joins, leaves, the queue, a series' joins);
// order: the stop order and pickup times (the drop-off order, ADR 0002 and 0040);
// organiser: who organises it (a hand-over) and so whom passengers pay;
// driver: the vendor assigned to drive it;
// details: what its organiser set (date, route, seats, price);
// exists: that it is there at all (made, deleted, cancelled, a series ended or extended).
export type RideFact = 'aboard' | 'order' | 'organiser' | 'driver' | 'details' | 'exists';

export const EVERY_RIDE_FACT: readonly RideFact[] = ['aboard', 'order', 'organiser', 'driver', 'details', 'exists'];

// The last element of such a key. `holds`: the query's data is the ride itself, or its passenger
// list, so a change whose answer carries them is written in rather than read again.
export interface RideScope {
  ride?: number;
  series?: number;
  shows: readonly RideFact[];
  holds?: 'ride' | 'passengers';
}

export const showsRide = (ride: number, shows: readonly RideFact[], holds?: RideScope['holds']): RideScope =>
  holds ? { ride, shows, holds } : { ride, shows };
export const showsSeries = (series: number, shows: readonly RideFact[]): RideScope => ({ series, shows });
export const showsAnyRide = (shows: readonly RideFact[]): RideScope => ({ shows });

export interface RideChange {
  // The rides changed ('all': every ride, for a change to many at once), and the series they are
  // dates of; left out, the series is read from the ride held in the cache.
  rides: readonly number[] | 'all';
  series?: number | null;
  changed: readonly RideFact[];
  // What the answer says the (first) ride, its passenger list or one of its entries now is.
  ride?: Ride;
  ridePatch?: Partial<Ride>;
  passengers?: Passenger[];
  passenger?: Passenger;
}

function scopeOf(key: QueryKey): RideScope | undefined {
  const last = key.at(-1);
  return typeof last === 'object' && last !== null && 'shows' in last ? (last as RideScope) : undefined;
}

const heldRide = (queryClient: QueryClient, rideId: number): Ride | undefined =>
  queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => isHeld(query, rideId, 'ride') })
    .map((query) => query.state.data as Ride | undefined)
    .find((ride) => ride !== undefined);

function isHeld(query: Query, rideId: number, holds: RideScope['holds']): boolean {
  const scope = scopeOf(query.queryKey);
  return scope?.ride === rideId && scope.holds === holds;
}

// Whether a query with this scope shows a ride of the change.
function concerns(scope: RideScope, rides: RideChange['rides'], series: number | null): boolean {
  if (rides === 'all') return true;
  if (scope.ride === undefined && scope.series === undefined) return true;
  if (scope.ride !== undefined) return rides.includes(scope.ride);
  return series !== null && scope.series === series;
}

// Writes what the change's answer carries, then marks stale (and reads again, where on screen)
// every other query showing what changed. `except`: queries the caller has just set itself.
export function rideChanged(queryClient: QueryClient, change: RideChange, except: readonly QueryKey[] = []): void {
  const first = change.ride?.id ?? (change.rides === 'all' ? undefined : change.rides[0]);
  const series =
    change.series !== undefined
      ? change.series
      : first === undefined
        ? null
        : seriesIdOf(change.ride ?? heldRide(queryClient, first) ?? {});
  const written = new Set<string>();
  // Held, but the answer could not be placed in it (an entry not in the list): read again.
  const unplaced = new Set<string>();
  const write = (holds: RideScope['holds'], update: (data: unknown) => unknown) => {
    if (first === undefined) return;
    for (const query of queryClient.getQueryCache().findAll({ predicate: (query) => isHeld(query, first, holds) })) {
      const next = update(query.state.data);
      if (next === undefined) {
        unplaced.add(query.queryHash);
        continue;
      }
      queryClient.setQueryData(query.queryKey, next);
      written.add(query.queryHash);
    }
  };
  const { ride, ridePatch, passengers, passenger } = change;
  if (ride) write('ride', () => ride);
  else if (ridePatch) write('ride', (data) => (data ? { ...(data as Ride), ...ridePatch } : undefined));
  if (passengers) write('passengers', () => passengers);
  else if (passenger)
    write('passengers', (data) => {
      const list = data as Passenger[] | undefined;
      // A new entry is not placed here: the list is read again instead.
      if (!list?.some((entry) => entry.id === passenger.id)) return undefined;
      return list.map((entry) => (entry.id === passenger.id ? passenger : entry));
    });

  const skipped = new Set(except.map(hashKey));
  if (change.changed.length === 0 && unplaced.size === 0) return;
  void queryClient.invalidateQueries({
    predicate: (query) => {
      if (unplaced.has(query.queryHash)) return true;
      const scope = scopeOf(query.queryKey);
      return (
        scope !== undefined &&
        !written.has(query.queryHash) &&
        !skipped.has(query.queryHash) &&
        scope.shows.some((fact) => change.changed.includes(fact)) &&
        concerns(scope, change.rides, series)
      );
    },
  });
}
