// Days and times of weekly series in the tests, all in Singapore time, as members pick them.
import { rideBody } from '../support/api-client.ts';

const DAY = 24 * 60 * 60 * 1000;
const SINGAPORE = 8 * 60 * 60 * 1000;

// The Singapore day (YYYY-MM-DD) of an instant.
export function sgDayOf(instant: string): string {
  return new Date(Date.parse(instant) + SINGAPORE).toISOString().slice(0, 10);
}

// Its Singapore ISO weekday (1 = Monday … 7 = Sunday) and wall-clock time (HH:MM).
export function sgWeekday(instant: string): number {
  return new Date(Date.parse(instant) + SINGAPORE).getUTCDay() || 7;
}

export function sgClock(instant: string): string {
  return new Date(Date.parse(instant) + SINGAPORE).toISOString().slice(11, 16);
}

// A Singapore day and wall-clock time as the instant the api takes.
export function sgInstant(day: string, time: string): string {
  return new Date(`${day}T${time}:00+08:00`).toISOString();
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

// The first Singapore day at least minDays from today that is the given ISO weekday.
export function weekdayAhead(weekday: number, minDays: number): string {
  let day = sgDayOf(new Date(Date.now() + minDays * DAY).toISOString());
  while ((new Date(`${day}T00:00:00Z`).getUTCDay() || 7) !== weekday) day = addDays(day, 1);
  return day;
}

// POST /api/rides for a series from firstDay at time on weekdays, for the given number of weeks
// (its last day the 7 × weeks - 1th after the first).
export function seriesBody(
  firstDay: string,
  time: string,
  weekdays: number[],
  weeks: number,
  overrides: Record<string, unknown> = {},
) {
  return rideBody({
    date: sgInstant(firstDay, time),
    repeat: { weekdays, until: addDays(firstDay, 7 * weeks - 1) },
    ...overrides,
  });
}
