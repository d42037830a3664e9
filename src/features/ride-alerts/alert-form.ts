// The new-alert form's values, and how they become the api's body. The form is checked by the
// api's own schema (rideAlertSaveSchema, supabase/functions/_shared/schemas/ride-alerts.ts), so it
// refuses exactly what the api would, in the same words.
import { type RideAlertSaveInput, rideAlertSaveSchema } from '@shared/schemas/ride-alerts.ts';
import type { Direction } from '@shared/types/ride.ts';
import { ISO_WEEKDAYS } from '@shared/weekdays.ts';
import { z } from 'zod';

export interface RideAlertFormValues {
  direction: Direction;
  days: 'weekly' | 'dates';
  // Checkbox values, as the form holds them: '1' (Monday) … '7' (Sunday).
  weekdays: string[];
  firstDay: string;
  // Empty: the alert is for the first day alone.
  lastDay: string;
  anyTime: boolean;
  windowStart: string;
  windowEnd: string;
}

export const ALERT_FORM_DEFAULTS: RideAlertFormValues = {
  direction: 'FC->SG',
  days: 'weekly',
  weekdays: ISO_WEEKDAYS.map(String),
  firstDay: '',
  lastDay: '',
  anyTime: true,
  windowStart: '17:00',
  windowEnd: '21:00',
};

// The body of POST /api/ride-alerts: only the days the member chose, and the whole day
// (00:00–24:00) for "any time".
export function alertInput(values: RideAlertFormValues): RideAlertSaveInput {
  const days =
    values.days === 'dates'
      ? { firstDay: values.firstDay, lastDay: values.lastDay || values.firstDay }
      : { weekdays: [...new Set((values.weekdays ?? []).map(Number))].sort((a, b) => a - b) };
  return {
    direction: values.direction,
    ...days,
    windowStart: values.anyTime ? '00:00' : values.windowStart,
    windowEnd: values.anyTime ? '24:00' : values.windowEnd,
  };
}

const FIELDS = new Set<string>(['direction', 'weekdays', 'firstDay', 'lastDay', 'windowStart', 'windowEnd']);

// The api schema's issues, each put on the field that holds the value it is about (a weekday's
// issue on the weekdays group). An empty last day is the first day's: its issue is the first
// day's too, and is shown there once.
export const rideAlertFormSchema = z
  .object({
    direction: z.string(),
    days: z.enum(['weekly', 'dates']),
    weekdays: z.array(z.string()).optional(),
    firstDay: z.string(),
    lastDay: z.string(),
    anyTime: z.boolean(),
    windowStart: z.string(),
    windowEnd: z.string(),
  })
  .superRefine((values, context) => {
    const result = rideAlertSaveSchema.safeParse(alertInput(values as RideAlertFormValues));
    if (result.success) return;
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const head = String(issue.path[0] ?? '');
      const field = FIELDS.has(head) ? head : 'direction';
      if (field === 'lastDay' && values.lastDay === '') continue;
      if (seen.has(field)) continue;
      seen.add(field);
      context.addIssue({ code: 'custom', message: issue.message, path: [field] });
    }
  });
