import { passengerCount, requiredText } from '@shared/schemas/fields.ts';
import { LOCATION_MAX_LENGTH } from '@shared/limits.ts';
import { z } from 'zod';
import { plural, t } from '@lingui/core/macro';

// The shared join rules (SPEC §5), plus the spots this ride still has. Both join screens use it:
// the detail page's join form and the join page. Built at render time: the messages of our own are
// in the member's language; the labels stay English, the shared texts' keys (_shared/validation.ts).
export function joinFormSchema(remaining: number) {
  return z.object({
    passengerCount: passengerCount('Passenger count', t`Must have at least 1 passenger`).max(
      Math.max(1, remaining),
      t`Number must be less than or equal to ${remaining}`,
    ),
    dropoffLocation: requiredText('Drop-off location', LOCATION_MAX_LENGTH, t`Drop-off location is required`),
  });
}
export type JoinFormValues = z.infer<ReturnType<typeof joinFormSchema>>;

export const JOIN_FORM_DEFAULTS: JoinFormValues = { passengerCount: 1, dropoffLocation: '' };

// SPEC §5's toast for a party bigger than the spots left ('Only 1 spot remaining' for one).
export function onlySpotsRemainingText(remaining: number): string {
  return plural(remaining, { one: 'Only # spot remaining', other: 'Only # spots remaining' });
}
