import { describe, expect, it } from 'vitest';

import { departsToday } from './quick-replies';

describe('departsToday', () => {
  // 2026-12-05 00:30 in Singapore is 2026-12-04 16:30 UTC.
  const now = Date.parse('2026-12-04T16:30:00Z');

  it('is true for a ride later on the same Singapore day, even when UTC says another day', () => {
    expect(departsToday('2026-12-05T14:00:00Z', now)).toBe(true);
    expect(departsToday('2026-12-04T16:00:00Z', now)).toBe(true);
  });

  it('is false the day before, the day after and for no date', () => {
    expect(departsToday('2026-12-04T15:59:00Z', now)).toBe(false);
    expect(departsToday('2026-12-05T16:00:00Z', now)).toBe(false);
    expect(departsToday('not a date', now)).toBe(false);
  });
});
