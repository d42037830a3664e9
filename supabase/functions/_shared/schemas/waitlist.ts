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
// everyone else) and how many parties wait (app.ride_waitlist). The answers of the waitlist's
// changes carry it too (waitlist-response.ts).
export const waitlistEntrySchema = z
  .object({
    // 1 is next.
    position: z.number().int().positive(),
    userId: z.number().int(),
    // The name others see, or "Member #<id>".
    name: z.string(),
    passengerCount: z.number().int(),
  })
  .meta({ id: 'WaitlistEntry' });
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistSchema = z
  .object({
    mine: z
      .object({
        position: z.number().int().positive(),
        passengerCount: z.number().int(),
        dropoffLocation: z.string(),
      })
      .nullable(),
    entries: z.array(waitlistEntrySchema),
    waiting: z.number().int().nonnegative(),
  })
  .meta({ id: 'Waitlist' });
export type Waitlist = z.infer<typeof waitlistSchema>;
