import { describe, expect, it } from 'vitest';

import { canRideAgain, nextWeekDate, readRideAgain, rideAgainPath } from './ride-again';

const MONDAY_0630_SGT = '2026-12-07T22:30:00.000Z';

describe('Ride again', () => {
  it('is the same weekday and time a week later', () => {
    expect(nextWeekDate(MONDAY_0630_SGT, Date.parse('2026-12-01T00:00:00Z'))).toBe('2026-12-14T22:30:00.000Z');
  });

  it('moves an older ride to the first such week still ahead', () => {
    const now = Date.parse('2027-01-20T00:00:00Z');
    const next = nextWeekDate(MONDAY_0630_SGT, now);
    expect(next).toBe('2027-01-25T22:30:00.000Z');
    expect(new Date(next).getUTCDay()).toBe(new Date(MONDAY_0630_SGT).getUTCDay());
  });

  it("is offered to the ride's organiser only", () => {
    expect(canRideAgain({ creatorId: 7 }, 7)).toBe(true);
    expect(canRideAgain({ creatorId: 7 }, 8)).toBe(false);
    expect(canRideAgain({ creatorId: 7 }, null)).toBe(false);
  });

  it('reads the ride to repeat from the address, and nothing else', () => {
    expect(readRideAgain(new URLSearchParams(rideAgainPath(42).split('?')[1]))).toBe(42);
    for (const bad of ['again=0', 'again=abc', 'again=99999999999', 'again=-3', ''])
      expect(readRideAgain(new URLSearchParams(bad))).toBeNull();
  });
});
