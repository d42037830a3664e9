import { afterEach, describe, expect, it } from 'vitest';

import {
  formatClockTime,
  formatDate,
  formatDateTime,
  formatSgd,
  formatSgdQuote,
  fromSingaporeInputValue,
  toSingaporeInputValue,
} from './format';
import { i18n } from './i18n/i18n';
import { INTL_LOCALES } from './i18n/languages';

// 01:30 UTC is 09:30 in Singapore; 16:00 UTC is midnight there, on the next day.
const MORNING = '2030-06-15T01:30:00.000Z';
const MIDNIGHT_SG = '2030-06-14T16:00:00.000Z';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('dates in en-SG, 12-hour, Singapore time', () => {
  it('formats date and time with am/pm', () => {
    expect(formatDateTime(MORNING)).toBe('Sat, 15 Jun 2030, 9:30 am');
    expect(formatDate(MORNING)).toBe('Saturday, 15 June 2030');
    expect(formatDateTime('2030-06-15T04:05:00Z')).toBe('Sat, 15 Jun 2030, 12:05 pm');
  });

  it('writes a Singapore wall-clock time as every time is written', () => {
    expect(formatClockTime('06:30')).toBe('6:30 am');
    expect(formatClockTime('19:00')).toBe('7:00 pm');
    // The end of a day, as an alert's window may close.
    expect(formatClockTime('24:00')).toBe('12:00 am');
  });

  it('uses the Singapore calendar day, not the UTC one', () => {
    expect(formatDate(MIDNIGHT_SG)).toBe('Saturday, 15 June 2030');
    expect(formatDateTime(MIDNIGHT_SG)).toBe('Sat, 15 Jun 2030, 12:00 am');
  });

  it('gives the same text whatever zone the device is set to', () => {
    for (const zone of ['America/Los_Angeles', 'UTC', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
      process.env.TZ = zone;
      // Proof the device zone really moved away from Singapore's UTC+8.
      expect(new Date(MORNING).getTimezoneOffset()).not.toBe(-480);
      expect(formatDateTime(MORNING)).toBe('Sat, 15 Jun 2030, 9:30 am');
      expect(formatDate(MIDNIGHT_SG)).toBe('Saturday, 15 June 2030');
      expect(toSingaporeInputValue(MORNING)).toBe('2030-06-15T09:30');
      expect(fromSingaporeInputValue('2030-06-15T09:30')).toBe(MORNING);
    }
  });
});

describe('SGD money', () => {
  it('shows dollars with cents and the SGD code', () => {
    expect(formatSgd(80)).toBe('$80.00 SGD');
    expect(formatSgd(26.666)).toBe('$26.67 SGD');
  });

  it('can drop the cents and groups thousands', () => {
    expect(formatSgd(1234.5, 0)).toBe('$1,235 SGD');
  });

  // Issue 37: a driver's quote in whole dollars, cents only when there are some.
  it('writes a quote in whole dollars unless it has cents', () => {
    expect(formatSgdQuote(75)).toBe('$75 SGD');
    expect(formatSgdQuote(12.5)).toBe('$12.50 SGD');
  });

  it('reads the same in 中文 and Melayu: never "S$", never a bare "$"', () => {
    try {
      for (const locale of ['zh', 'ms'] as const) {
        i18n.loadAndActivate({ locale, locales: INTL_LOCALES[locale], messages: {} });
        expect(formatSgd(26.5), locale).toBe('$26.50 SGD');
      }
    } finally {
      i18n.loadAndActivate({ locale: 'en', locales: INTL_LOCALES.en, messages: {} });
    }
  });
});

describe('datetime-local values are Singapore wall-clock time', () => {
  it('converts an instant to the input value', () => {
    expect(toSingaporeInputValue(MORNING)).toBe('2030-06-15T09:30');
    expect(toSingaporeInputValue(MIDNIGHT_SG)).toBe('2030-06-15T00:00');
  });

  it('reads an input value as Singapore time', () => {
    expect(fromSingaporeInputValue('2030-06-15T09:30')).toBe(MORNING);
    expect(fromSingaporeInputValue('2030-06-15T00:00')).toBe(MIDNIGHT_SG);
  });

  it('round-trips', () => {
    for (const iso of [MORNING, MIDNIGHT_SG, '2030-12-31T15:59:00.000Z', '2031-01-01T00:00:00.000Z']) {
      expect(fromSingaporeInputValue(toSingaporeInputValue(iso))).toBe(iso);
    }
    for (const value of ['2030-02-28T23:59', '2032-02-29T08:00', '2030-01-01T00:00']) {
      expect(toSingaporeInputValue(fromSingaporeInputValue(value)!)).toBe(value);
    }
  });

  it('refuses what is not a complete, real date and time', () => {
    for (const value of [
      '',
      'tomorrow',
      '2030-06-15',
      '2030-06-15T9:30',
      '2030-13-01T09:30',
      '2030-02-30T09:30',
      '2031-02-29T09:30',
      '2030-06-15T24:00',
      '2030-06-15T09:60',
    ]) {
      expect(fromSingaporeInputValue(value), value).toBeNull();
    }
  });
});
