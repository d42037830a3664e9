import { describe, expect, it } from 'vitest';

import { isTripDay } from './trip-window';

const ride = '2026-12-08T07:30:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('the trip day window', () => {
  it('opens 2 hours before the ride and closes 8 hours after it', () => {
    expect(isTripDay(ride, at('2026-12-08T05:29:59.000Z'))).toBe(false);
    expect(isTripDay(ride, at('2026-12-08T05:30:00.000Z'))).toBe(true);
    expect(isTripDay(ride, at('2026-12-08T15:29:59.000Z'))).toBe(true);
    expect(isTripDay(ride, at('2026-12-08T15:30:00.000Z'))).toBe(false);
    expect(isTripDay('not a date', at('2026-12-08T07:30:00.000Z'))).toBe(false);
  });
});
