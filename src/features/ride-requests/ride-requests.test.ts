import { notificationPath } from '@shared/notification-text.ts';
import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import { describe, expect, it } from 'vitest';

import { DEFAULT_FILTERS } from '../rides/filter-rides';
import {
  demandText,
  filterRideRequests,
  readRequestId,
  readRequestJoinPrefill,
  rideDefaultsFromRequest,
} from './ride-requests';

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

describe('the join link of a ride started for a request', () => {
  it('carries each member’s party and area, and the join page reads them back', () => {
    const path = notificationPath('ride_request_offered', 42, { passengerCount: 3, area: 'Bedok & "Co"' })!;
    expect(path).toBe('/rides/42/join?party=3&dropoff=Bedok+%26+%22Co%22');
    const search = new URLSearchParams(path.split('?')[1]);
    expect(readRequestJoinPrefill(search)).toEqual({ passengerCount: 3, dropoffLocation: 'Bedok & "Co"' });
  });

  it('keeps a hand-edited party within 1 to 10, and reads nothing without the parameters', () => {
    expect(readRequestJoinPrefill(new URLSearchParams('party=99&dropoff=x'))?.passengerCount).toBe(10);
    expect(readRequestJoinPrefill(new URLSearchParams('party=abc'))?.passengerCount).toBe(1);
    expect(readRequestJoinPrefill(new URLSearchParams(''))).toBeNull();
    expect(notificationPath('ride_request_offered', null, { passengerCount: 1 })).toBeNull();
  });
});
