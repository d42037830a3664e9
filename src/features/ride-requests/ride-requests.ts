import { plural, t } from '@lingui/core/macro';
import { DEFAULT_MAX_PASSENGERS, PASSENGERS_MAX } from '@shared/limits.ts';
import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import type { Direction } from '@shared/types/ride.ts';

import { formatDate, formatShortTime } from '../../lib/format';
import { readSearchId } from '../../lib/search-id';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

// What of Home's filters applies to the requests (Home hands its filters in: src/app).
export interface RequestFilters {
  direction: 'all' | Direction;
  time: 'upcoming' | 'week' | 'all';
}

// Home's filters applied to the requests as to the rides: the direction, and "this week" as
// windows that start within seven days.
export function filterRideRequests(requests: RideRequest[], filters: RequestFilters, now = Date.now()): RideRequest[] {
  return requests.filter(
    (request) =>
      (filters.direction === 'all' || request.direction === filters.direction) &&
      (filters.time !== 'week' || Date.parse(request.windowStart) <= now + WEEK_MS),
  );
}

// "5 people, 3 parties": how many seats the request stands for.
export function demandText(request: Pick<RideRequest, 'people' | 'parties'>): string {
  const people = plural(request.people, { one: '# person', other: '# people' });
  const parties = plural(request.parties, { one: '# party', other: '# parties' });
  return t`${people}, ${parties}`;
}

// "Friday, 5 December 2026, 5:00 pm – 9:00 pm", in Singapore time.
export function windowText(request: Pick<RideRequest, 'windowStart' | 'windowEnd'>): string {
  const day = formatDate(request.windowStart);
  const from = formatShortTime(request.windowStart);
  const until = formatShortTime(request.windowEnd);
  return t`${day}, ${from} – ${until}`;
}

// "Start a ride for this": the create form's values from the request, with room for everyone on
// it besides the organiser.
export function rideDefaultsFromRequest(request: RideRequest): {
  direction: Direction;
  date: string;
  maxPassengers: number;
} {
  return {
    direction: request.direction,
    date: `${request.date}T${request.startTime}`,
    maxPassengers: Math.min(PASSENGERS_MAX, Math.max(DEFAULT_MAX_PASSENGERS, request.people + 1)),
  };
}

// /rides/create?request=<id>: the ride form starts a ride for this request.
export const readRequestId = (params: URLSearchParams) => readSearchId(params, 'request');
