import { plural, t } from '@lingui/core/macro';
import { LOCATION_MAX_LENGTH } from '@shared/limits.ts';
import { passengerCount, requiredText } from '@shared/schemas/fields.ts';
import { validationMessage } from '@shared/validation.ts';
import { z } from 'zod';

// The shared join rules (SPEC §5), plus the spots this ride still has. Both join screens use it:
// the detail page's join form and the join page. The shared texts stay English here (the form shows
// them translated, src/lib/refusal-text.ts); the spots-left limit is this form's own, translated
// as the schema is built, at render time.
export function joinFormSchema(remaining: number) {
  return z.object({
    passengerCount: passengerCount('Passenger count', validationMessage('at_least_one_passenger')).max(
      Math.max(1, remaining),
      t`Number must be less than or equal to ${remaining}`,
    ),
    dropoffLocation: requiredText(
      'Drop-off location',
      LOCATION_MAX_LENGTH,
      validationMessage('required', { label: 'Drop-off location' }),
    ),
  });
}
export type JoinFormValues = z.infer<ReturnType<typeof joinFormSchema>>;

export const JOIN_FORM_DEFAULTS: JoinFormValues = { passengerCount: 1, dropoffLocation: '' };

// SPEC §5's toast for a party bigger than the spots left ('Only 1 spot remaining' for one).
export function onlySpotsRemainingText(remaining: number): string {
  return plural(remaining, { one: 'Only # spot remaining', other: 'Only # spots remaining' });
}
