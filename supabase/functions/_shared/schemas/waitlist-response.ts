import { z } from 'zod';

import { waitlistSchema } from './waitlist.ts';

// The answers of the waitlist's changes (api/routes/waitlist.ts declares them): the queue as it
// now is, as GET /api/rides/{id}/waitlist answers it (waitlistSchema, beside the join form's
// body in waitlist.ts, where the PWA reads it).

// POST /api/rides/{id}/waitlist: the caller's place (1 is next).
export const joinWaitlistAnswerSchema = z.object({
  message: z.string(),
  position: z.number().int().positive(),
  waitlist: waitlistSchema,
});

// DELETE /api/rides/{id}/waitlist.
export const leaveWaitlistAnswerSchema = z.object({ message: z.string(), waitlist: waitlistSchema });
