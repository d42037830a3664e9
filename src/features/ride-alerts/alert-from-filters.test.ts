import { afterEach, describe, expect, it, vi } from 'vitest';

import { alertFromFilters } from './components/tell-me-when-button';

describe("an alert from Home's filters", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is "This Week" as the list cuts it: today and the six days after, in Singapore time', () => {
    // 23:30 on 4 Dec in UTC is already 5 Dec in Singapore.
    vi.useFakeTimers({ now: Date.parse('2026-12-04T23:30:00Z'), toFake: ['Date'] });
    expect(alertFromFilters('FC->SG', 'week')).toEqual({
      direction: 'FC->SG',
      firstDay: '2026-12-05',
      lastDay: '2026-12-11',
      windowStart: '00:00',
      windowEnd: '24:00',
    });
  });

  it('stands until deleted, every day at any time, for upcoming or all rides', () => {
    for (const time of ['upcoming', 'all'] as const) {
      expect(alertFromFilters('SG->FC', time)).toEqual({
        direction: 'SG->FC',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        windowStart: '00:00',
        windowEnd: '24:00',
      });
    }
  });
});
