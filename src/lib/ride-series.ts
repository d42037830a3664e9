// A weekly series (issue 27) as the screens say it: its days counted the way the api makes them
// (every date on the chosen weekdays, Singapore time, from the first date up to and including the
// end date), and its one-line name ("Weekly · Mon, Fri · until Mon, 26 Jan").
import { plural, t } from '@lingui/core/macro';
import type { RideSeries } from '@shared/types/ride-series.ts';

import { formatList, formatShortDay, formatWeekday, toSingaporeInputValue } from './format';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const dayTime = (day: string) => (DAY_PATTERN.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN);

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

// The Singapore day of a ride's date (an ISO timestamp).
export const singaporeDay = (iso: string) => toSingaporeInputValue(iso).slice(0, 10);

// ISO weekday of a calendar day: 1 = Monday … 7 = Sunday; null for anything but YYYY-MM-DD.
export function isoWeekday(day: string): number | null {
  const time = dayTime(day);
  if (Number.isNaN(time)) return null;
  return new Date(time).getUTCDay() || 7;
}

// The day `days` days after `firstDay`, or null when it cannot be read.
export function daysAfter(firstDay: string, days: number): string | null {
  const time = dayTime(firstDay);
  return Number.isNaN(time) ? null : dayOf(time + days * DAY_MS);
}

// The end date the form proposes: eight weeks of dates, the first date's week included.
export const proposedUntil = (firstDay: string) => daysAfter(firstDay, 8 * 7 - 1);

// Every day of the series, first to last; empty when the days cannot be read or end before the
// first day.
export function seriesDays(firstDay: string, weekdays: readonly number[], until: string): string[] {
  const first = dayTime(firstDay);
  const last = dayTime(until);
  if (Number.isNaN(first) || Number.isNaN(last)) return [];
  const days: string[] = [];
  for (let time = first; time <= last; time += DAY_MS) {
    const day = dayOf(time);
    if (weekdays.includes(isoWeekday(day)!)) days.push(day);
  }
  return days;
}

// "Mon and Fri", in order, in the member's language.
export const weekdaysText = (weekdays: readonly number[]) =>
  formatList([...weekdays].sort((a, b) => a - b).map(formatWeekday));

// The create form's line: "16 dates, Mon and Fri, until Mon, 26 Jan".
export function datesCountText(count: number, weekdays: readonly number[], until: string): string {
  const days = weekdaysText(weekdays);
  const last = formatShortDay(until);
  return plural(count, { one: `# date, ${days}, until ${last}`, other: `# dates, ${days}, until ${last}` });
}

// A series' name on its dates and its page: "Weekly · Mon, Fri · until Mon, 26 Jan".
export function seriesLabel(series: Pick<RideSeries, 'weekdays' | 'until'>): string {
  const days = [...series.weekdays]
    .sort((a, b) => a - b)
    .map(formatWeekday)
    .join(', ');
  const last = formatShortDay(series.until);
  return t`Weekly · ${days} · until ${last}`;
}

// The seats passengers hold on these dates, the organiser's own party left out: each date counts
// a passenger's party again (the series' answer does not say who holds them).
export function seatsTakenBy(series: Pick<RideSeries, 'dates'>, organiserParty: number): number {
  return series.dates.reduce((sum, date) => sum + Math.max(0, date.maxPassengers - date.seatsLeft - organiserParty), 0);
}
