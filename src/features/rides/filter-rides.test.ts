import { RIDE_PAGE_LIMIT_DEFAULT, ridePageQuerySchema } from '@shared/schemas/ride-page.ts';
import { describe, expect, it } from 'vitest';

import { RIDE_PAGE_SIZE, ridePagePath } from './api/get-ride-page';
import {
  type DayFilter,
  DEFAULT_FILTERS,
  type DirectionFilter,
  homeListParams,
  type SortOrder,
  type TimeFilter,
  type TimeOfDayFilter,
} from './filter-rides';

describe('homeListParams', () => {
  it('asks for the first 20 upcoming rides in both directions, earliest first, by default', () => {
    expect(DEFAULT_FILTERS).toEqual({
      direction: 'all',
      time: 'upcoming',
      sort: 'earliest',
      day: 'any',
      timeOfDay: 'any',
    });
    expect(homeListParams(DEFAULT_FILTERS)).toEqual({
      scope: 'all',
      time: 'upcoming',
      direction: null,
      sort: 'earliest',
      day: null,
      timeOfDay: null,
      series: 'once',
      limit: 20,
    });
    expect(ridePagePath(homeListParams(DEFAULT_FILTERS), null)).toBe(
      '/api/rides/page?scope=all&time=upcoming&series=once&sort=earliest&limit=20',
    );
  });

  it('hands every filter to the server as it is', () => {
    const params = homeListParams({
      direction: 'FC->SG',
      time: 'week',
      sort: 'latest',
      day: 'weekend',
      timeOfDay: 'evening',
    });
    expect(params).toEqual({
      scope: 'all',
      time: 'week',
      direction: 'FC->SG',
      sort: 'latest',
      day: 'weekend',
      timeOfDay: 'evening',
      series: 'once',
      limit: 20,
    });
    expect(ridePagePath(params, 'abc')).toBe(
      '/api/rides/page?scope=all&time=week&direction=FC-%3ESG&day=weekend&timeOfDay=evening&series=once&sort=latest&limit=20&cursor=abc',
    );
    expect(homeListParams({ ...DEFAULT_FILTERS, time: 'all' }).time).toBe('all');
  });

  it('lists every date of a weekly series once a date is picked, and one card per series otherwise', () => {
    expect(homeListParams({ ...DEFAULT_FILTERS, day: '2026-12-11' })).toMatchObject({
      day: '2026-12-11',
      series: 'each',
    });
    for (const day of ['any', 'today', 'tomorrow', 'weekend']) {
      expect(homeListParams({ ...DEFAULT_FILTERS, day }).series, day).toBe('once');
    }
  });

  it("asks for every combination of filters in a form the api accepts, a page of the api's default size", () => {
    expect(RIDE_PAGE_SIZE).toBe(RIDE_PAGE_LIMIT_DEFAULT);
    for (const direction of ['all', 'SG->FC', 'FC->SG'] satisfies DirectionFilter[]) {
      for (const time of ['upcoming', 'week', 'all'] satisfies TimeFilter[]) {
        for (const [sort, day, timeOfDay] of [
          ['earliest', 'any', 'any'],
          ['latest', 'today', 'morning'],
          ['earliest', 'weekend', 'afternoon'],
          ['latest', '2026-12-11', 'evening'],
          ['earliest', 'tomorrow', 'any'],
        ] satisfies Array<[SortOrder, DayFilter, TimeOfDayFilter]>) {
          const path = ridePagePath(homeListParams({ direction, time, sort, day, timeOfDay }), null);
          const parsed = ridePageQuerySchema.safeParse(
            Object.fromEntries(new URL(path, 'http://app.test').searchParams),
          );
          expect(parsed.data, path).toMatchObject({ scope: 'all', time, sort, limit: 20 });
          expect(parsed.data?.direction ?? 'all', path).toBe(direction);
          expect(parsed.data?.day ?? 'any', path).toBe(day);
          expect(parsed.data?.timeOfDay ?? 'any', path).toBe(timeOfDay);
        }
      }
    }
  });
});
