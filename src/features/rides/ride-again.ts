// "Ride again" (issue 27): the organiser's same ride next week, one tap from any ride of theirs,
// past or upcoming. The create form opens with the ride's values and the same weekday and time a
// week later, or the first such week still ahead for an older ride.
import type { Ride } from '@shared/types/ride.ts';

import { readSearchId } from '../../lib/search-id';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function nextWeekDate(date: string, now: number = Date.now()): string {
  let next = Date.parse(date) + WEEK_MS;
  while (next <= now) next += WEEK_MS;
  return new Date(next).toISOString();
}

export function canRideAgain(ride: Pick<Ride, 'creatorId'>, userId: number | null | undefined): boolean {
  return userId != null && ride.creatorId === userId;
}

export const rideAgainPath = (rideId: number) => `/rides/create?again=${rideId}`;

// The ride to repeat, from the create form's address; null when absent or not an id.
export const readRideAgain = (search: URLSearchParams) => readSearchId(search, 'again');
