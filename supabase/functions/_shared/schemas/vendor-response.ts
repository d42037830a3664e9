import { z } from 'zod';

// The vendor routes' answers (api/routes/vendor.ts declares them); a taken or released ride is
// rides-response.ts's rideChangeAnswerSchema, the dashboard's list its rideListSchema.

// Who drives an assigned ride (app.ride_vendor): for the people on it only.
export const rideVendorSchema = z
  .object({
    id: z.number().int(),
    companyName: z.string().nullable(),
    driverName: z.string().nullable(),
    driverContact: z.string().nullable(),
    carNumber: z.string().nullable(),
    discordUsername: z.string(),
    whatsappNumber: z.string().nullable(),
    malaysianNumber: z.string().nullable(),
  })
  .meta({ id: 'RideVendor' });

// GET /api/rides/{id}/vendor: null while the ride is open.
export const rideVendorAnswerSchema = z.object({ vendor: z.union([rideVendorSchema, z.null()]) });
