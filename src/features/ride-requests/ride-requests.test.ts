import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import { describe, expect, it } from 'vitest';

import {
  demandText,
  filterRideRequests,
  readRequestId,
  type RequestFilters,
  rideDefaultsFromRequest,
} from './ride-requests';

// Home's filters as they start (rides/filter-rides.ts DEFAULT_FILTERS).
const DEFAULT_FILTERS: RequestFilters = { direction: 'all', time: 'upcoming' };

const NOW = Date.parse('2026-12-01T00:00:00.000Z');

function request(overrides: Partial<RideRequest> = {}): RideRequest {
  return {
    id: 7,
    requesterId: 2,
    requesterName: 'Ann',
    direction: 'FC->SG',
    date: '2026-12-05',
    startTime: '17:00',
    endTime: '21:00',
    windowStart: '2026-12-05T09:00:00.000Z',
    windowEnd: '2026-12-05T13:00:00.000Z',
    passengerCount: 2,
    area: 'Tampines',
    note: null,
    status: 'open',
    people: 5,
    parties: 3,
    members: [],
    rides: [],
    ...overrides,
  };
}

describe('ride requests on Home', () => {
  it('filters by direction and "this week" as the rides are', () => {
    const soon = request({ id: 1 });
    const later = request({ id: 2, windowStart: '2026-12-20T09:00:00.000Z' });
    const otherWay = request({ id: 3, direction: 'SG->FC' });
    const all = [soon, later, otherWay];
    expect(filterRideRequests(all, DEFAULT_FILTERS, NOW).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(filterRideRequests(all, { ...DEFAULT_FILTERS, direction: 'FC->SG' }, NOW).map((r) => r.id)).toEqual([1, 2]);
    expect(filterRideRequests(all, { ...DEFAULT_FILTERS, time: 'week' }, NOW).map((r) => r.id)).toEqual([1, 3]);
  });

  it('says the demand in people and parties', () => {
    expect(demandText(request())).toBe('5 people, 3 parties');
    expect(demandText(request({ people: 1, parties: 1 }))).toBe('1 person, 1 party');
  });
});

describe('"Start a ride for this"', () => {
  it('prefills the direction, the window start in Singapore time, and room for the demand', () => {
    expect(rideDefaultsFromRequest(request())).toEqual({
      direction: 'FC->SG',
      date: '2026-12-05T17:00',
      maxPassengers: 6,
    });
    expect(rideDefaultsFromRequest(request({ people: 2 })).maxPassengers).toBe(5);
    expect(rideDefaultsFromRequest(request({ people: 12 })).maxPassengers).toBe(10);
  });

  it('reads only a plain id from ?request=', () => {
    expect(readRequestId(new URLSearchParams('request=12'))).toBe(12);
    for (const bad of ['request=0', 'request=-1', 'request=abc', 'request=1e3', '']) {
      expect(readRequestId(new URLSearchParams(bad))).toBeNull();
    }
  });
});
