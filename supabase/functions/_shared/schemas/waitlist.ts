import { z } from 'zod';

import { LOCATION_MAX_LENGTH } from '../limits.ts';
import { VALIDATION } from '../validation.ts';
import { passengerCount, requiredText } from './fields.ts';

// The body of POST /api/rides/{id}/waitlist: the join form's fields and rules (SPEC §5).
export const joinWaitlistSchema = z.object({
  passengerCount: passengerCount('Passenger count', VALIDATION.at_least_one_passenger.message).optional().default(1),
  dropoffLocation: requiredText('Drop-off location', LOCATION_MAX_LENGTH),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

// GET /api/rides/{id}/waitlist: the caller's own place, the queue (for the organiser only; [] for
// everyone else) and how many parties wait.
export const waitlistEntrySchema = z.object({
  position: z.number(),
  userId: z.number(),
  name: z.string(),
  passengerCount: z.number(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistSchema = z.object({
  mine: z
    .object({
      position: z.number(),
      passengerCount: z.number(),
      dropoffLocation: z.string(),
    })
    .nullable(),
  entries: z.array(waitlistEntrySchema),
  waiting: z.number(),
});
export type Waitlist = z.infer<typeof waitlistSchema>;
