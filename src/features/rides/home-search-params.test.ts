import { describe, expect, it } from 'vitest';

import { DEFAULT_FILTERS } from './filter-rides';
import { isDefaultFilters, readHomeParams, writeHomeParams } from './home-search-params';

describe('home search params', () => {
  it('round-trips the tab and every filter through the URL', () => {
    const filters = {
      direction: 'FC->SG',
      time: 'week',
      sort: 'latest',
      day: '2026-12-11',
      timeOfDay: 'evening',
    } as const;
    const params = writeHomeParams('mine', filters);
    expect(params.toString()).toBe(
      'tab=mine&direction=FC-%3ESG&time=week&sort=latest&day=2026-12-11&timeOfDay=evening',
    );
    expect(readHomeParams(params)).toEqual({ tab: 'mine', filters });
    for (const day of ['today', 'tomorrow', 'weekend']) {
      expect(readHomeParams(writeHomeParams('all', { ...DEFAULT_FILTERS, day })).filters.day).toBe(day);
    }
  });

  it('leaves defaults out, so /home is the plain address', () => {
    expect(writeHomeParams('all', DEFAULT_FILTERS).toString()).toBe('');
  });

  it('reads unknown values as the defaults', () => {
    const read = readHomeParams(
      new URLSearchParams('tab=x&direction=north&time=&sort=random&day=2026-02-30&timeOfDay=night'),
    );
    expect(read).toEqual({ tab: 'all', filters: DEFAULT_FILTERS });
    expect(isDefaultFilters(read.filters)).toBe(true);
    expect(isDefaultFilters({ ...DEFAULT_FILTERS, time: 'all' })).toBe(false);
    expect(isDefaultFilters({ ...DEFAULT_FILTERS, timeOfDay: 'morning' })).toBe(false);
    expect(readHomeParams(new URLSearchParams('day=friday')).filters.day).toBe('any');
  });
});
