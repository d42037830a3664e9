import { z } from 'zod';

// The ride-alert routes' answers (api/routes/ride-alerts.ts declares them) that are not an alert
// (rideAlertSchema, beside the form's body in ride-alerts.ts).

// DELETE /api/ride-alerts/{id}.
export const rideAlertDeletedSchema = z.object({ deleted: z.literal(true) });
