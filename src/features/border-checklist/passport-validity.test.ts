import { afterEach, describe, expect, it } from 'vitest';

import { singaporeDay } from '../../lib/format';
import { addMonths, isDateOnly, passportNeededUntil, passportTooShort } from './passport-validity';

describe('passport validity for a ride (Asia/Singapore days)', () => {
  const phoneZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = phoneZone;
  });

  it('reads the ride day in Singapore, whatever the phone zone', () => {
    process.env.TZ = 'America/Los_Angeles';
    // 31 Aug 16:30 UTC is 1 Sep 00:30 in Singapore, and still 31 Aug in Los Angeles.
    expect(singaporeDay('2030-08-31T16:30:00.000Z')).toBe('2030-09-01');
    expect(singaporeDay('2030-08-31T15:59:00.000Z')).toBe('2030-08-31');
  });

  it('adds calendar months, clamping to the month end', () => {
    expect(addMonths('2030-01-15', 6)).toBe('2030-07-15');
    expect(addMonths('2030-08-31', 6)).toBe('2031-02-28');
    expect(addMonths('2031-08-31', 6)).toBe('2032-02-29');
    expect(addMonths('2030-12-01', 6)).toBe('2031-06-01');
  });

  it('warns below 6 months on the day, not at exactly 6 months', () => {
    const ride = '2030-03-10T01:00:00.000Z'; // 10 Mar 2030, 9 am in Singapore
    expect(passportNeededUntil(ride)).toBe('2030-09-10');
    expect(passportTooShort('2030-09-09', ride)).toBe(true);
    expect(passportTooShort('2030-09-10', ride)).toBe(false);
    expect(passportTooShort('2030-09-11', ride)).toBe(false);
    expect(passportTooShort('2029-12-31', ride)).toBe(true);
  });

  it('counts from the Singapore day for a ride just after midnight there', () => {
    process.env.TZ = 'UTC';
    const ride = '2030-08-31T16:30:00.000Z'; // 1 Sep 2030, 00:30 in Singapore
    expect(passportNeededUntil(ride)).toBe('2031-03-01');
    // Counted from 31 Aug (the UTC day) this would pass; from 1 Sep it is a day short.
    expect(passportTooShort('2031-02-28', ride)).toBe(true);
    expect(passportTooShort('2031-03-01', ride)).toBe(false);
  });

  it('accepts only real YYYY-MM-DD days', () => {
    expect(isDateOnly('2031-02-28')).toBe(true);
    expect(isDateOnly('2031-02-29')).toBe(false);
    expect(isDateOnly('')).toBe(false);
    expect(isDateOnly('28/02/2031')).toBe(false);
  });
});
