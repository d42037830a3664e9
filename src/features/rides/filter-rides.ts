import type { Direction } from '@shared/types/ride.ts';

import { RIDE_PAGE_SIZE, type RideListParams } from './api/get-ride-page';

export type DirectionFilter = 'all' | Direction;
export type TimeFilter = 'upcoming' | 'week' | 'all';
export type SortOrder = 'earliest' | 'latest';

export interface RideFilters {
  direction: DirectionFilter;
  time: TimeFilter;
  sort: SortOrder;
}

export const DEFAULT_FILTERS: RideFilters = { direction: 'all', time: 'upcoming', sort: 'earliest' };

// The server does the filtering (ADR 0009): the home screen's choices map one to one onto the
// windowed list's parameters. Its "This Week" is the week in Singapore time, and "All Rides"
// lists past rides after upcoming ones (SPEC §4), both cut on the server.
export function homeListParams(filters: RideFilters): RideListParams {
  return {
    scope: 'all',
    time: filters.time,
    direction: filters.direction === 'all' ? null : filters.direction,
    sort: filters.sort,
    limit: RIDE_PAGE_SIZE,
  };
}
