import { passengerCount, requiredText } from '@shared/schemas/fields.ts';
import { LOCATION_MAX_LENGTH } from '@shared/limits.ts';
import { z } from 'zod';

// The shared join rules (SPEC §5), plus the spots this ride still has.
export function joinFormSchema(remaining: number) {
  return z.object({
    passengerCount: passengerCount('Passenger count', 'Must have at least 1 passenger').max(
      Math.max(1, remaining),
      `Number must be less than or equal to ${remaining}`,
    ),
    dropoffLocation: requiredText('Drop-off location', LOCATION_MAX_LENGTH, 'Drop-off location is required'),
  });
}
export type JoinFormValues = z.infer<ReturnType<typeof joinFormSchema>>;
