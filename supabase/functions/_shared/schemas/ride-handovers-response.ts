import { z } from 'zod';

import { rideHandoverSchema } from './ride-handovers.ts';
import { rideSchema } from './rides-response.ts';

// The answers of the hand-over routes (api/routes/ride-handovers.ts declares them). The offer's
// own shape (rideHandoverSchema) is beside the offer's body, where the PWA reads it.

// GET, POST and DELETE /api/rides/{id}/handover: the pending offer as it now is, or null.
export const handoverAnswerSchema = z.object({ handover: rideHandoverSchema });

// POST /api/rides/{id}/handover/accept: the ride, now the caller's.
export const handoverAcceptAnswerSchema = z.object({ ride: rideSchema });
