import { describe, expect, it } from 'vitest';

import {
  datesCountText,
  isoWeekday,
  proposedUntil,
  seatsTakenBy,
  seriesDays,
  seriesLabel,
  singaporeDay,
} from '../../lib/ride-series';
import { seriesIdOf } from '../../lib/series-link';
import { lastAllowedDay } from './series-form';

describe('weekly series days (Singapore calendar)', () => {
  it('reads ISO weekdays, Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2030-06-17')).toBe(1);
    expect(isoWeekday('2030-06-21')).toBe(5);
    expect(isoWeekday('2030-06-23')).toBe(7);
    expect(isoWeekday('17/06/2030')).toBeNull();
  });

  it("takes a ride's day in Singapore, not in UTC", () => {
    // 20:30 UTC on Sunday is 4:30 am on Monday in Singapore.
    expect(singaporeDay('2030-06-16T20:30:00.000Z')).toBe('2030-06-17');
  });

  it('counts every date on the weekdays, first and last day included', () => {
    const days = seriesDays('2030-06-17', [1, 5], '2030-08-11');
    expect(days).toHaveLength(16);
    expect(days[0]).toBe('2030-06-17');
    expect(days[1]).toBe('2030-06-21');
    expect(days.at(-1)).toBe('2030-08-09');
    expect(seriesDays('2030-06-17', [1, 5], '2030-08-12')).toHaveLength(17);
  });

  it('makes no dates from an end before the start or an unreadable day', () => {
    expect(seriesDays('2030-06-17', [1], '2030-06-16')).toEqual([]);
    expect(seriesDays('', [1], '2030-06-30')).toEqual([]);
    expect(seriesDays('2030-06-17', [], '2030-06-30')).toEqual([]);
  });

  it('proposes eight weeks and allows twelve', () => {
    expect(proposedUntil('2030-06-17')).toBe('2030-08-11');
    expect(lastAllowedDay('2030-06-17')).toBe('2030-09-09');
    expect(lastAllowedDay('')).toBeNull();
  });
});

describe('weekly series texts', () => {
  it('says how many dates, on which days, until when', () => {
    expect(datesCountText(16, [5, 1], '2030-08-09')).toBe('16 dates, Mon and Fri, until Fri, 9 Aug');
    expect(datesCountText(1, [3], '2030-06-19')).toBe('1 date, Wed, until Wed, 19 Jun');
  });

  it('names a series by its days and end', () => {
    expect(seriesLabel({ weekdays: [1, 5], until: '2031-01-26' })).toBe('Weekly · Mon, Fri · until Sun, 26 Jan');
  });

  it('reads the series of a ride, and none from older answers', () => {
    expect(seriesIdOf({ id: 1, seriesId: 4 })).toBe(4);
    expect(seriesIdOf({ id: 1, seriesId: null })).toBeNull();
    expect(seriesIdOf({ id: 1 })).toBeNull();
  });

  it("counts the seats passengers hold, the organiser's party left out", () => {
    const date = (maxPassengers: number, seatsLeft: number) => ({
      rideId: 1,
      date: '2030-06-17T01:30:00.000Z',
      maxPassengers,
      seatsLeft,
      onRide: false,
      onWaitlist: false,
    });
    expect(seatsTakenBy({ dates: [date(4, 1), date(4, 3), date(4, 0)] }, 1)).toBe(2 + 0 + 3);
    expect(seatsTakenBy({ dates: [date(4, 2)] }, 2)).toBe(0);
  });
});
