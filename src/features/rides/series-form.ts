// The ride form's weekly-series part (issue 27): "Repeat weekly" when creating, "Only this date" /
// "This and later dates" when editing a series date. Built at render time, as joinFormSchema is,
// so its own texts are in the member's language; the shared ones stay English for the form to
// translate (src/lib/refusal-text.ts).
import { t } from '@lingui/core/macro';
import { APPLY_TO, SERIES_WEEKS_MAX, type SeriesRepeatInput } from '@shared/schemas/ride-series.ts';
import { z } from 'zod';

import { daysAfter, isoWeekday } from '../../lib/ride-series';
import type { ApplyTo } from './api/save-ride';
import { rideFormSchema, type RideFormValues } from './ride-form-schema';

export interface SeriesFormValues {
  repeatWeekly?: boolean;
  // Checkbox values, as the form holds them: '1' (Monday) … '7' (Sunday).
  weekdays?: string[];
  until?: string;
  applyTo?: ApplyTo;
}

export type RideSeriesFormValues = RideFormValues & SeriesFormValues;

// The last day a series starting on `firstDay` may run to.
export const lastAllowedDay = (firstDay: string) => daysAfter(firstDay, SERIES_WEEKS_MAX * 7);

const dayOfInput = (date: unknown) => (typeof date === 'string' ? date.slice(0, 10) : '');

export const weekdayNumbers = (weekdays: readonly string[] | undefined) =>
  [...new Set((weekdays ?? []).map(Number).filter((day) => Number.isInteger(day) && day >= 1 && day <= 7))].sort(
    (a, b) => a - b,
  );

// editedDay: the Singapore day of the series date being edited (null when creating, or when the
// ride is no series date). "This and later dates" keeps every date's day: only the time moves.
export function rideSeriesFormSchema(editedDay: string | null = null) {
  return rideFormSchema
    .extend({
      repeatWeekly: z.boolean().optional(),
      weekdays: z.array(z.string()).optional(),
      until: z.string().optional(),
      applyTo: z.enum(APPLY_TO).optional(),
    })
    .superRefine((values, context) => {
      const firstDay = dayOfInput(values.date);
      if (values.applyTo === 'following' && editedDay && firstDay && firstDay !== editedDay) {
        context.addIssue({
          code: 'custom',
          path: ['date'],
          message: t`For this and later dates only the time can change: keep the day, or change only this date.`,
        });
      }
      if (!values.repeatWeekly) return;
      const weekdays = weekdayNumbers(values.weekdays);
      const firstWeekday = isoWeekday(firstDay);
      if (weekdays.length === 0) {
        context.addIssue({ code: 'custom', path: ['weekdays'], message: t`Tick at least one day of the week.` });
      } else if (firstWeekday !== null && !weekdays.includes(firstWeekday)) {
        context.addIssue({
          code: 'custom',
          path: ['weekdays'],
          message: t`Tick the day of the first date too: the series starts on it.`,
        });
      }
      const until = values.until ?? '';
      const last = lastAllowedDay(firstDay);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || isoWeekday(until) === null) {
        context.addIssue({ code: 'custom', path: ['until'], message: t`Choose the last date of the series.` });
      } else if (firstDay && until < firstDay) {
        context.addIssue({ code: 'custom', path: ['until'], message: t`The last date cannot be before the first.` });
      } else if (last && until > last) {
        context.addIssue({
          code: 'custom',
          path: ['until'],
          message: t`A series runs at most 12 weeks after its first date.`,
        });
      }
    });
}

// What the series part adds to the save body: `repeat` for a new series, `applyTo` for an edit of
// a series date, nothing otherwise.
export function seriesSaveFields(
  values: SeriesFormValues,
  mode: 'create' | 'edit-series-date' | 'edit',
): { repeat?: SeriesRepeatInput; applyTo?: ApplyTo } {
  if (mode === 'create')
    return values.repeatWeekly && values.until
      ? { repeat: { weekdays: weekdayNumbers(values.weekdays), until: values.until } }
      : {};
  if (mode === 'edit-series-date') return { applyTo: values.applyTo ?? 'this' };
  return {};
}
