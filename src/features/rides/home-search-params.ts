import { isCalendarDay } from '@shared/day-filters.ts';

import {
  type DayFilter,
  DEFAULT_FILTERS,
  type DirectionFilter,
  type RideFilters,
  type SortOrder,
  type TimeFilter,
  type TimeOfDayFilter,
} from './filter-rides';

export type HomeTab = 'all' | 'requests' | 'mine';

const TABS: HomeTab[] = ['all', 'requests', 'mine'];

const DIRECTIONS: DirectionFilter[] = ['all', 'SG->FC', 'FC->SG'];
const TIMES: TimeFilter[] = ['upcoming', 'week', 'all'];
const SORTS: SortOrder[] = ['earliest', 'latest'];
const TIMES_OF_DAY: TimeOfDayFilter[] = ['any', 'morning', 'afternoon', 'evening'];
const FILTER_KEYS = ['direction', 'time', 'sort', 'day', 'timeOfDay'] as const;

function readDay(value: string | null): DayFilter {
  if (value === 'today' || value === 'tomorrow' || value === 'weekend') return value;
  return value !== null && isCalendarDay(value) ? value : DEFAULT_FILTERS.day;
}

function pick<Value extends string>(allowed: Value[], value: string | null, fallback: Value): Value {
  return allowed.includes(value as Value) ? (value as Value) : fallback;
}

// The home screen's tab and filters live in the URL, so Back from a ride and a reload show the
// list the member left. Anything unknown in a hand-edited or old link reads as the default.
export function readHomeParams(params: URLSearchParams): { tab: HomeTab; filters: RideFilters } {
  return {
    tab: pick(TABS, params.get('tab'), 'all'),
    filters: {
      direction: pick(DIRECTIONS, params.get('direction'), DEFAULT_FILTERS.direction),
      time: pick(TIMES, params.get('time'), DEFAULT_FILTERS.time),
      sort: pick(SORTS, params.get('sort'), DEFAULT_FILTERS.sort),
      day: readDay(params.get('day')),
      timeOfDay: pick(TIMES_OF_DAY, params.get('timeOfDay'), DEFAULT_FILTERS.timeOfDay),
    },
  };
}

// Defaults are left out, so the plain /home stays the canonical address.
export function writeHomeParams(tab: HomeTab, filters: RideFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (tab !== 'all') params.set('tab', tab);
  for (const key of FILTER_KEYS) {
    if (filters[key] !== DEFAULT_FILTERS[key]) params.set(key, filters[key]);
  }
  return params;
}

export function isDefaultFilters(filters: RideFilters): boolean {
  return FILTER_KEYS.every((key) => filters[key] === DEFAULT_FILTERS[key]);
}

// My Rides, where an organiser lands after cancelling a ride (issue 37 §4): with replace, Back
// cannot reopen the page of a ride that is gone.
export const MY_RIDES_PATH = `/home?${writeHomeParams('mine', DEFAULT_FILTERS)}`;
