// A weekly series (issue 27): the create form's "Repeat weekly" part, and the series calls'
// bodies. The database checks the same limits again (private.create_ride_series).
import { z } from 'zod';

import { LOCATION_MAX_LENGTH } from '../limits.ts';
import { VALIDATION, validationMessage } from '../validation.ts';
import { idField, passengerCount, requiredText } from './fields.ts';

// A series ends at most this many weeks after its first date.
export const SERIES_WEEKS_MAX = 12;
const weekdayField = z
  .number({ error: validationMessage('not_a_number', { label: 'weekday' }) })
  .int(validationMessage('not_whole', { label: 'weekday' }))
  .min(1, validationMessage('too_small', { label: 'weekday', min: 1 }))
  .max(7, validationMessage('too_big', { label: 'weekday', max: 7 }));

// A day, Singapore time.
export const dayField = z
  .string({ error: VALIDATION.invalid_date.message })
  .regex(/^\d{4}-\d{2}-\d{2}$/, VALIDATION.invalid_date.message)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00+08:00`)), VALIDATION.invalid_date.message);

// POST /api/rides with `repeat`: the ride's date is the first date; the series has every date on
// these weekdays, at the same Singapore time, up to and including `until`.
export const seriesRepeatSchema = z.object({
  weekdays: z
    .array(weekdayField)
    .min(1, validationMessage('required', { label: 'Repeat on' }))
    .max(7, validationMessage('too_big', { label: 'Repeat on', max: 7 }))
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  until: dayField,
});
export type SeriesRepeatInput = z.infer<typeof seriesRepeatSchema>;

// POST /api/series/{id}/join: every upcoming date from now, one party and one stop.
export const seriesJoinSchema = z.object({
  passengerCount: passengerCount('Passenger count', VALIDATION.at_least_one_passenger.message).optional().default(1),
  dropoffLocation: requiredText('Drop-off location', LOCATION_MAX_LENGTH),
});

// PATCH /api/series/{id}: the organiser moves the last day (later: at most SERIES_WEEKS_MAX weeks
// from today; earlier cancels the dates after it). The database checks both again.
export const seriesUntilSchema = z.object({ until: dayField });

// POST /api/series/{id}/leave: this date and every later one.
export const seriesLeaveSchema = z.object({ fromRideId: idField('fromRideId') });

// PATCH /api/rides/{id} and DELETE /api/rides/{id}?applyTo=: one date, or it and every later one.
export const APPLY_TO = ['this', 'following'] as const;
export const applyToField = z.enum(APPLY_TO).optional().default('this');
// DELETE /api/rides/{id}'s query: ?applyTo=, 'this' when left out.
export const rideDeleteQuerySchema = z.object({ applyTo: applyToField });
