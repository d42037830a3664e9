import { RIDE_PAGE_LIMIT_DEFAULT, ridePageQuerySchema } from '@shared/schemas/ride-page.ts';
import { describe, expect, it } from 'vitest';

import { RIDE_PAGE_SIZE, ridePagePath } from './api/get-ride-page';
import { DEFAULT_FILTERS, type DirectionFilter, homeListParams, type SortOrder, type TimeFilter } from './filter-rides';

describe('homeListParams', () => {
  it('asks for the first 20 upcoming rides in both directions, earliest first, by default', () => {
    expect(DEFAULT_FILTERS).toEqual({ direction: 'all', time: 'upcoming', sort: 'earliest' });
    expect(homeListParams(DEFAULT_FILTERS)).toEqual({
      scope: 'all',
      time: 'upcoming',
      direction: null,
      sort: 'earliest',
      limit: 20,
    });
    expect(ridePagePath(homeListParams(DEFAULT_FILTERS), null)).toBe(
      '/api/rides/page?scope=all&time=upcoming&sort=earliest&limit=20',
    );
  });

  it('hands every filter to the server as it is', () => {
    const params = homeListParams({ direction: 'FC->SG', time: 'week', sort: 'latest' });
    expect(params).toEqual({ scope: 'all', time: 'week', direction: 'FC->SG', sort: 'latest', limit: 20 });
    expect(ridePagePath(params, 'abc')).toBe(
      '/api/rides/page?scope=all&time=week&direction=FC-%3ESG&sort=latest&limit=20&cursor=abc',
    );
    expect(homeListParams({ ...DEFAULT_FILTERS, time: 'all' }).time).toBe('all');
  });

  it("asks for every combination of filters in a form the api accepts, a page of the api's default size", () => {
    expect(RIDE_PAGE_SIZE).toBe(RIDE_PAGE_LIMIT_DEFAULT);
    for (const direction of ['all', 'SG->FC', 'FC->SG'] satisfies DirectionFilter[]) {
      for (const time of ['upcoming', 'week', 'all'] satisfies TimeFilter[]) {
        for (const sort of ['earliest', 'latest'] satisfies SortOrder[]) {
          const path = ridePagePath(homeListParams({ direction, time, sort }), null);
          const parsed = ridePageQuerySchema.safeParse(
            Object.fromEntries(new URL(path, 'http://app.test').searchParams),
          );
          expect(parsed.data, path).toMatchObject({ scope: 'all', time, sort, limit: 20 });
          expect(parsed.data?.direction ?? 'all', path).toBe(direction);
        }
      }
    }
  });
});
