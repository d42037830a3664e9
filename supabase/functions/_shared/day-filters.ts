import type { RideListTimeOfDay } from './types/ride.ts';

// The windowed list's day and time-of-day choices (issue 37 §5, ADR 0037). No zod here: Home's
// first render reads its filters from the URL with these.

export const RIDE_LIST_RELATIVE_DAYS = ['today', 'tomorrow', 'weekend'] as const;
export const RIDE_LIST_TIMES_OF_DAY = [
  'morning',
  'afternoon',
  'evening',
] as const satisfies readonly RideListTimeOfDay[];

// Where each time of day starts and ends, in Singapore hours: [from, until).
export const TIME_OF_DAY_HOURS: Record<RideListTimeOfDay, readonly [number, number]> = {
  morning: [0, 12],
  afternoon: [12, 18],
  evening: [18, 24],
};

// A calendar date that exists (not 30 February), as a date input writes it.
export function isCalendarDay(value: string): boolean {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}
