import { describe, expect, it } from 'vitest';
import { makeRide } from '../../testing/fixtures';
import { DEFAULT_FILTERS, filterRides, type RideFilters } from './filter-rides';

const NOW = Date.parse('2030-06-15T04:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(NOW + offset).toISOString();

const rides = [
  makeRide({ id: 1, direction: 'SG->FC', date: at(2 * DAY) }),
  makeRide({ id: 2, direction: 'FC->SG', date: at(HOUR) }),
  makeRide({ id: 3, direction: 'SG->FC', date: at(-DAY) }),
  makeRide({ id: 4, direction: 'FC->SG', date: at(10 * DAY) }),
  makeRide({ id: 5, direction: 'SG->FC', date: at(-3 * DAY) }),
];
const ids = (filters: Partial<RideFilters>) =>
  filterRides(rides, { ...DEFAULT_FILTERS, ...filters }, NOW).map((ride) => ride.id);

describe('filterRides', () => {
  it('defaults to upcoming rides, earliest first', () => {
    expect(DEFAULT_FILTERS).toEqual({ direction: 'all', time: 'upcoming', sort: 'earliest' });
    expect(ids({})).toEqual([2, 1, 4]);
  });

  it('filters by direction', () => {
    expect(ids({ direction: 'SG->FC', time: 'all' })).toEqual([1, 5, 3]);
    expect(ids({ direction: 'FC->SG' })).toEqual([2, 4]);
  });

  it('this week means from now to seven days ahead', () => {
    expect(ids({ time: 'week' })).toEqual([2, 1]);
  });

  it('lists past rides after upcoming ones, the chosen order within each group', () => {
    expect(ids({ time: 'all', sort: 'earliest' })).toEqual([2, 1, 4, 5, 3]);
    expect(ids({ time: 'all', sort: 'latest' })).toEqual([4, 1, 2, 3, 5]);
  });

  it('keeps a ride leaving right now among the upcoming ones', () => {
    const now = makeRide({ id: 9, date: at(0) });
    expect(filterRides([now], DEFAULT_FILTERS, NOW).map((ride) => ride.id)).toEqual([9]);
  });

  it('breaks ties by id and leaves the input untouched', () => {
    const same = [makeRide({ id: 8, date: at(DAY) }), makeRide({ id: 6, date: at(DAY) })];
    expect(filterRides(same, DEFAULT_FILTERS, NOW).map((ride) => ride.id)).toEqual([6, 8]);
    expect(same.map((ride) => ride.id)).toEqual([8, 6]);
  });
});
