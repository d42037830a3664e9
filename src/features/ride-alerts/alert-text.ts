import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RideAlert } from '@shared/schemas/ride-alerts.ts';
import type { Direction } from '@shared/types/ride.ts';

import { formatClockTime, formatList } from '../../lib/format';
import { intlLocale } from '../../lib/i18n/i18n';

export const DIRECTION_LABELS: Record<Direction, MessageDescriptor> = {
  'SG->FC': msg`Singapore to Forest City`,
  'FC->SG': msg`Forest City to Singapore`,
};

// Monday 1 January 2024 starts an ISO week: its days name the weekdays in any language.
const A_MONDAY = Date.UTC(2024, 0, 1);

export function weekdayName(isoDay: number, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(intlLocale(), { weekday: width, timeZone: 'UTC' }).format(
    new Date(A_MONDAY + (isoDay - 1) * 86_400_000),
  );
}

// A calendar day as written in the alert ('2026-12-05'), in the member's language.
function formatAlertDay(day: string): string {
  return new Intl.DateTimeFormat(intlLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

function isWholeDay(alert: Pick<RideAlert, 'windowStart' | 'windowEnd'>): boolean {
  return alert.windowStart === '00:00' && alert.windowEnd === '24:00';
}

// The days of an alert in words: "Mon, Fri", "every day", "Fri 5 Dec – Sun 7 Dec".
function alertDays(alert: Pick<RideAlert, 'firstDay' | 'lastDay' | 'weekdays'>, t: (m: MessageDescriptor) => string) {
  const weekdays =
    alert.weekdays === null
      ? null
      : alert.weekdays.length === 7
        ? t(msg`every day`)
        : formatList(alert.weekdays.map((day) => weekdayName(day)));
  if (alert.firstDay === null || alert.lastDay === null) return weekdays ?? '';
  const range =
    alert.firstDay === alert.lastDay
      ? formatAlertDay(alert.firstDay)
      : `${formatAlertDay(alert.firstDay)} – ${formatAlertDay(alert.lastDay)}`;
  return weekdays === null || alert.weekdays?.length === 7 ? range : `${range} (${weekdays})`;
}

// An alert's days and time window, as a ride request's reads: "Mon, Fri, 5:00 pm – 9:00 pm".
export function alertWhenText(
  alert: Pick<RideAlert, 'firstDay' | 'lastDay' | 'weekdays' | 'windowStart' | 'windowEnd'>,
  t: (m: MessageDescriptor) => string,
): string {
  const days = alertDays(alert, t);
  if (isWholeDay(alert)) return t(msg`${days}, any time`);
  const from = formatClockTime(alert.windowStart);
  const until = formatClockTime(alert.windowEnd);
  return t(msg`${days}, ${from} – ${until}`);
}
