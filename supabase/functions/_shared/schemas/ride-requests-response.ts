import { z } from 'zod';

// The answers of the ride-request routes (api/routes/ride-requests.ts declares them) that are
// not a request itself (rideRequestSchema, beside the bodies in ride-requests.ts).

// DELETE /api/ride-requests/{id}.
export const rideRequestDeletedSchema = z.object({ message: z.string() });
