import { z } from 'zod';

import { ID_MAX } from '../ids.ts';
import { VALIDATION, validationMessage } from '../validation.ts';

// Handing a ride over to one of its passengers (issue 26 §2; 59_ride_handovers.sql). Who may
// offer, accept and when is the database's; these are the shapes.

// The body of POST /api/rides/{id}/handover: the passenger (a member id) offered the ride.
export const offerHandoverSchema = z.object({
  toUserId: z
    .number({ error: validationMessage('not_a_number', { label: 'toUserId' }) })
    .int(validationMessage('not_whole', { label: 'toUserId' }))
    .min(1, VALIDATION.invalid_id.message)
    .max(ID_MAX, VALIDATION.invalid_id.message),
});
export type OfferHandoverInput = z.infer<typeof offerHandoverSchema>;

// An instant as the api writes it (Date#toISOString), refused in the registry's words.
const instant = z.iso.datetime({ error: VALIDATION.invalid_date.message });

const handoverMemberSchema = z.object({
  id: z.number().int(),
  // The name others see, or "Member #<id>".
  name: z.string(),
});

// GET /api/rides/{id}/handover: the pending offer, for the organiser who made it and the
// passenger offered; null for anyone else and when there is none. The routes' answers carry it
// (ride-handovers-response.ts).
export const rideHandoverSchema = z
  .object({
    rideId: z.number().int(),
    offeredBy: handoverMemberSchema,
    offeredTo: handoverMemberSchema,
    createdAt: instant,
  })
  .nullable();
export type RideHandover = z.infer<typeof rideHandoverSchema>;
