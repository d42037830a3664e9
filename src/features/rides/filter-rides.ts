import { isPast } from './ride-rules';
import type { Direction, Ride } from '@shared/types/ride.ts';

export type DirectionFilter = 'all' | Direction;
export type TimeFilter = 'upcoming' | 'week' | 'all';
export type SortOrder = 'earliest' | 'latest';

export interface RideFilters {
  direction: DirectionFilter;
  time: TimeFilter;
  sort: SortOrder;
}

export const DEFAULT_FILTERS: RideFilters = { direction: 'all', time: 'upcoming', sort: 'earliest' };

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

// SPEC §4: past rides after upcoming ones; the chosen order applies within each group.
export function filterRides(rides: Ride[], filters: RideFilters, now: number = Date.now()): Ride[] {
  const matching = rides.filter((ride) => {
    if (filters.direction !== 'all' && ride.direction !== filters.direction) return false;
    const time = Date.parse(ride.date);
    if (filters.time === 'upcoming') return time >= now;
    if (filters.time === 'week') return time >= now && time < now + WEEK_MS;
    return true;
  });
  const direction = filters.sort === 'earliest' ? 1 : -1;
  return matching.sort((a, b) => {
    const pastA = isPast(a, now);
    const pastB = isPast(b, now);
    if (pastA !== pastB) return pastA ? 1 : -1;
    return (Date.parse(a.date) - Date.parse(b.date)) * direction || a.id - b.id;
  });
}
