import { notificationPath } from '@shared/notification-text.ts';
import { describe, expect, it } from 'vitest';

import { readRequestJoinPrefill } from './join-prefill';

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
