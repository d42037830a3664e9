import { describe, expect, it } from 'vitest';

import { rideTitle } from './ride-title';

describe('rideTitle', () => {
  it('names the destination and the Singapore day', () => {
    // 17:30 UTC on Wednesday 4 Dec 2030 is 01:30 on Thursday 5 Dec in Singapore.
    expect(rideTitle({ direction: 'SG->FC', date: '2030-12-04T17:30:00.000Z' })).toBe('Ride to Forest City, Thu 5 Dec');
    expect(rideTitle({ direction: 'FC->SG', date: '2030-12-06T02:00:00.000Z' })).toBe('Ride to Singapore, Fri 6 Dec');
  });
});
