import type { Direction, RideListTimeOfDay } from '@shared/types/ride.ts';

import { RIDE_PAGE_SIZE, type RideListParams } from './api/get-ride-page';

export type DirectionFilter = 'all' | Direction;
export type TimeFilter = 'upcoming' | 'week' | 'all';
export type SortOrder = 'earliest' | 'latest';
// A Singapore day: any, today, tomorrow, this weekend, or a date as YYYY-MM-DD (issue 37 §5).
export type DayFilter = 'any' | 'today' | 'tomorrow' | 'weekend' | (string & {});
export type TimeOfDayFilter = 'any' | RideListTimeOfDay;

export interface RideFilters {
  direction: DirectionFilter;
  time: TimeFilter;
  sort: SortOrder;
  day: DayFilter;
  timeOfDay: TimeOfDayFilter;
}

export const DEFAULT_FILTERS: RideFilters = {
  direction: 'all',
  time: 'upcoming',
  sort: 'earliest',
  day: 'any',
  timeOfDay: 'any',
};

// A date the member picked, rather than a day named relative to today.
export const isPickedDate = (day: DayFilter): boolean => /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(day);

// The server does the filtering (ADR 0009): the home screen's choices map one to one onto the
// windowed list's parameters. Its "This Week" is the week in Singapore time, and "All Rides"
// lists past rides after upcoming ones (SPEC §4), both cut on the server; so are the day and
// the time of day, in Singapore time.
export function homeListParams(filters: RideFilters): RideListParams {
  return {
    scope: 'all',
    time: filters.time,
    direction: filters.direction === 'all' ? null : filters.direction,
    sort: filters.sort,
    day: filters.day === 'any' ? null : filters.day,
    timeOfDay: filters.timeOfDay === 'any' ? null : filters.timeOfDay,
    // A weekly series is one card, by its next date, unless the member asked for one date
    // (ADR 0037): then that date is the one to show.
    series: isPickedDate(filters.day) ? 'each' : 'once',
    limit: RIDE_PAGE_SIZE,
  };
}
