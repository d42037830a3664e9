import { describe, expect, it } from 'vitest';

import { DEFAULT_FILTERS } from './filter-rides';
import { isDefaultFilters, readHomeParams, writeHomeParams } from './home-search-params';

describe('home search params', () => {
  it('round-trips the tab and every filter through the URL', () => {
    const filters = { direction: 'FC->SG', time: 'week', sort: 'latest' } as const;
    const params = writeHomeParams('mine', filters);
    expect(params.toString()).toBe('tab=mine&direction=FC-%3ESG&time=week&sort=latest');
    expect(readHomeParams(params)).toEqual({ tab: 'mine', filters });
  });

  it('leaves defaults out, so /home is the plain address', () => {
    expect(writeHomeParams('all', DEFAULT_FILTERS).toString()).toBe('');
  });

  it('reads unknown values as the defaults', () => {
    const read = readHomeParams(new URLSearchParams('tab=x&direction=north&time=&sort=random'));
    expect(read).toEqual({ tab: 'all', filters: DEFAULT_FILTERS });
    expect(isDefaultFilters(read.filters)).toBe(true);
    expect(isDefaultFilters({ ...DEFAULT_FILTERS, time: 'all' })).toBe(false);
  });
});
