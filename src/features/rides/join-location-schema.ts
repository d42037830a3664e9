import { requiredText } from '@shared/schemas/fields.ts';
import { LOCATION_MAX_LENGTH } from '@shared/limits.ts';
import { z } from 'zod';

// SPEC §7: the join page sends rideId and dropoffLocation; the party size stays 1.
export const joinLocationSchema = z.object({
  dropoffLocation: requiredText('Drop-off location', LOCATION_MAX_LENGTH, 'Drop-off location is required'),
});
export type JoinLocationValues = z.infer<typeof joinLocationSchema>;
