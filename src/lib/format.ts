import { t } from '@lingui/core/macro';
import { formatSgdIn, quoteFractionDigits } from '@shared/money.ts';
import { humanPhoneNumber } from '@shared/phone.ts';

import { intlLocale } from './i18n/i18n';

// Everything is shown and entered in Singapore time (UTC+8, as is Forest City), whatever
// the phone's own zone: travellers' phones are not always set right.
export const SINGAPORE_TIME_ZONE = 'Asia/Singapore';

// Formatters are built once per language: building one costs far more than using it, and a
// list of cards formats many dates (prices keep theirs in _shared/money.ts).
const formatters = new Map<string, Intl.DateTimeFormat | Intl.ListFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.ListFormat>(key: string, build: (locale: string) => T): T {
  const locale = intlLocale();
  const id = `${locale} ${key}`;
  let format = formatters.get(id) as T | undefined;
  if (!format) {
    format = build(locale);
    formatters.set(id, format);
  }
  return format;
}

export function formatDateTime(iso: string): string {
  const format = cached(
    'date-time',
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZone: SINGAPORE_TIME_ZONE,
      }),
  );
  return format.format(new Date(iso));
}

// A ride's day and time without the year, as notifications say it ("Sat, 5 Dec, 7:30 am").
export function formatShortDateTime(iso: string): string {
  const format = cached(
    'short-date-time',
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZone: SINGAPORE_TIME_ZONE,
      }),
  );
  return format.format(new Date(iso));
}

// The time alone, for a change within one day ("6:00 pm → 7:30 pm").
export function formatShortTime(iso: string): string {
  const format = cached(
    'short-time',
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZone: SINGAPORE_TIME_ZONE,
      }),
  );
  return format.format(new Date(iso));
}

// A Singapore wall-clock time ('17:00'; '24:00' is the day's end) as formatShortTime writes an
// instant: "5:00 pm", "下午5:00", "5:00 PTG". Ride alerts' windows and a series' time of day.
export function formatClockTime(time: string): string {
  return /^\d{2}:\d{2}$/.test(time) ? formatShortTime(`2024-01-01T${time}:00+08:00`) : time;
}

// "date and time, pickup and stops", joined the way the current language does.
export function formatList(items: string[]): string {
  return cached('list', (locale) => new Intl.ListFormat(locale, { type: 'conjunction' })).format(items);
}

export function formatDate(iso: string): string {
  const format = cached(
    'date',
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: SINGAPORE_TIME_ZONE,
      }),
  );
  return format.format(new Date(iso));
}

// "$82.00 SGD" (SPEC §9's '+$X SGD'), the one way money is written (_shared/money.ts), in the
// reader's language; formatSgd(75, 0) for whole dollars.
export function formatSgd(amount: number, fractionDigits = 2): string {
  return formatSgdIn(intlLocale(), amount, fractionDigits);
}

// A driver's quote: whole dollars ("$75 SGD"), cents only when there are some ("$12.50 SGD").
export function formatSgdQuote(amount: number): string {
  return formatSgd(amount, quoteFractionDigits(amount));
}

// <input type="datetime-local"> holds a wall-clock time with no zone: we read it as Singapore's.
export function toSingaporeInputValue(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 8 * 60 * 60 * 1000);
  return shifted.toISOString().slice(0, 16);
}

export function fromSingaporeInputValue(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}:00+08:00`);
  if (Number.isNaN(time)) return null;
  const iso = new Date(time).toISOString();
  // Date.parse rolls impossible days over (30 Feb becomes 2 Mar, 24:00 the next day): only a
  // value that reads back unchanged is a real date.
  return toSingaporeInputValue(iso) === value ? iso : null;
}

// One human form of a number on every screen and in the server's texts alike. A number that may
// be missing (null, undefined or blank) takes the screen's fallback instead ('–', '', null).
export function formatPhoneNumber(stored: string): string;
export function formatPhoneNumber<Fallback>(stored: string | null | undefined, fallback: Fallback): string | Fallback;
export function formatPhoneNumber(stored: string | null | undefined, fallback?: unknown): unknown {
  return stored ? humanPhoneNumber(stored) : fallback;
}

// The note under a phone field: what a number typed in another form will be saved as.
export function phoneSavedAs(typed: unknown, normalise: (input: string) => string | null): string {
  if (typeof typed !== 'string') return '';
  const saved = normalise(typed);
  if (saved === null) return '';
  // Said as it will show everywhere; nothing to say when that is what was typed.
  const number = humanPhoneNumber(saved);
  return number === typed.trim() ? '' : ` ${t`Saved as ${number}.`}`;
}

// An ISO weekday (1 = Monday … 7 = Sunday) in short ("Mon"): a weekly series' days.
export function formatWeekday(isoWeekday: number): string {
  const format = cached('weekday', (locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }));
  // 1 January 2024 was a Monday.
  return format.format(new Date(Date.UTC(2024, 0, isoWeekday)));
}

// The Singapore calendar day (YYYY-MM-DD) of an instant: where both ends of the ride keep their
// clocks, whatever the phone's zone.
const SINGAPORE_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: SINGAPORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export function singaporeDay(instant: string | number | Date): string {
  // From the parts: what order a locale's ICU writes them in is not ours to rely on.
  const parts = SINGAPORE_DAY.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

// A calendar day (YYYY-MM-DD, already Singapore's) without the year: "Mon, 26 Jan".
export function formatShortDay(day: string): string {
  const format = cached(
    'short-day',
    (locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
  );
  return format.format(new Date(`${day}T00:00:00Z`));
}
