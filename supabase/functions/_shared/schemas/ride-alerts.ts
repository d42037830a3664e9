import { z } from 'zod';

import { VALIDATION, validationMessage } from '../validation.ts';
import { directionField } from './rides.ts';

// The most alerts a member holds at once (ride_alerts_limit in the database says so too).
export const RIDE_ALERTS_MAX = 10;
// A dated alert spans a year at most (ride_alerts_range_check).
export const RIDE_ALERT_RANGE_MAX_DAYS = 366;

// A Singapore calendar day, 'YYYY-MM-DD', that exists (no 31 April).
function dayField({ label }: { label: string }) {
  const message = validationMessage('alert_day', { label });
  return z
    .string({ error: message })
    .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, message)
    .refine((value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value) && value >= '2000-01-01';
    }, message);
}

// A Singapore wall-clock time, 'HH:MM'; '24:00' is the end of a day.
function timeField({ label }: { label: string }) {
  const message = validationMessage('alert_time', { label });
  return z.string({ error: message }).regex(/^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/, message);
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

const weekdaysField = z
  .array(
    z
      .number({ error: VALIDATION.alert_weekdays.message })
      .int(VALIDATION.alert_weekdays.message)
      .min(1, VALIDATION.alert_weekdays.message)
      .max(7, VALIDATION.alert_weekdays.message),
    { error: VALIDATION.alert_weekdays.message },
  )
  .min(1, VALIDATION.alert_days.message)
  .max(7, VALIDATION.alert_weekdays.message)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

// POST /api/ride-alerts: a date range (firstDay..lastDay), weekdays, or both (the range's days of
// those weekdays); the window in Singapore time, both ends included.
export const rideAlertSaveSchema = z
  .object({
    direction: directionField,
    firstDay: dayField({ label: 'First day' }).nullish(),
    lastDay: dayField({ label: 'Last day' }).nullish(),
    weekdays: weekdaysField.nullish(),
    windowStart: timeField({ label: 'From' }),
    windowEnd: timeField({ label: 'Until' }),
  })
  .superRefine((input, context) => {
    const hasRange = input.firstDay != null || input.lastDay != null;
    if (hasRange && (input.firstDay == null || input.lastDay == null)) {
      context.addIssue({ code: 'custom', message: VALIDATION.alert_days.message, path: ['lastDay'] });
    } else if (!hasRange && input.weekdays == null) {
      context.addIssue({ code: 'custom', message: VALIDATION.alert_days.message, path: ['weekdays'] });
    } else if (hasRange && input.lastDay! < input.firstDay!) {
      context.addIssue({ code: 'custom', message: VALIDATION.alert_range_order.message, path: ['lastDay'] });
    } else if (hasRange && dayNumber(input.lastDay!) - dayNumber(input.firstDay!) > RIDE_ALERT_RANGE_MAX_DAYS) {
      context.addIssue({ code: 'custom', message: VALIDATION.alert_range_length.message, path: ['lastDay'] });
    }
    if (input.windowEnd <= input.windowStart) {
      context.addIssue({ code: 'custom', message: VALIDATION.alert_window_order.message, path: ['windowEnd'] });
    }
  })
  .transform((input) => ({
    direction: input.direction,
    firstDay: input.firstDay ?? null,
    lastDay: input.lastDay ?? null,
    weekdays: input.weekdays ?? null,
    windowStart: input.windowStart,
    windowEnd: input.windowEnd,
  }));
export type RideAlertSaveInput = z.input<typeof rideAlertSaveSchema>;

// An instant as the api writes it (Date#toISOString), refused in the registry's words.
const instant = z.iso.datetime({ error: VALIDATION.invalid_date.message });

// The answers (api/routes/ride-alerts.ts declares them): days and times as the member wrote them,
// Singapore's ('YYYY-MM-DD', 'HH:MM'). The rest is in ride-alerts-response.ts.
export const rideAlertSchema = z
  .object({
    id: z.number().int(),
    direction: directionField,
    firstDay: z.string().nullable(),
    lastDay: z.string().nullable(),
    weekdays: z.array(z.number().int().min(1).max(7)).nullable(),
    windowStart: z.string(),
    windowEnd: z.string(),
    createdAt: instant,
  })
  .meta({ id: 'RideAlert' });
export type RideAlert = z.infer<typeof rideAlertSchema>;

// GET /api/ride-alerts: the caller's alerts that have not ended, and how many one may hold.
export const rideAlertListSchema = z.object({ items: z.array(rideAlertSchema), max: z.number().int() });
export type RideAlertList = z.infer<typeof rideAlertListSchema>;
