import { TRIP_DAY_HOURS_AFTER, TRIP_DAY_HOURS_BEFORE } from '@shared/limits.ts';

const HOUR = 3_600_000;

// Whether a ride's day is on (issue 40): from 2 hours before it until 8 hours after it, as the
// database's private.trip_day_open says. The page asks this before loading the Today card's code.
export function isTripDay(rideDate: string, now = Date.now()): boolean {
  const leaves = Date.parse(rideDate);
  if (Number.isNaN(leaves)) return false;
  return now >= leaves - TRIP_DAY_HOURS_BEFORE * HOUR && now < leaves + TRIP_DAY_HOURS_AFTER * HOUR;
}
