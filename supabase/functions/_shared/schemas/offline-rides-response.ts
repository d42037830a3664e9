import { z } from 'zod';

import { passengerListSchema } from './passengers-response.ts';
import { ridePaymentSchema } from './payments-response.ts';
import { rideConversationSchema } from './ride-chat.ts';
import { rideSchema } from './rides-response.ts';
import { rideVendorSchema } from './vendor-response.ts';
import { waitlistSchema } from './waitlist.ts';

// GET /api/rides/user/offline (ADR 0017): one ride as its page reads it, each part exactly as its
// own call answers it (GET /api/rides/{id}, /passengers, /payment, /vendor, /waitlist, /messages).
export const offlineRideSchema = z.object({
  ride: rideSchema,
  passengers: passengerListSchema,
  // The organiser and the passengers only; null for anyone else.
  payment: z.union([ridePaymentSchema, z.null()]),
  // Null while no vendor drives it, or when the caller may not see who does (waiting only).
  vendor: z.union([rideVendorSchema, z.null()]),
  waitlist: waitlistSchema,
  // The ride's chat, its last 200 messages (issue 25): for the people in it only, null for a
  // member who only waits.
  conversation: z.union([rideConversationSchema, z.null()]),
});

export const offlineRidesSchema = z.object({ rides: z.array(offlineRideSchema) });
