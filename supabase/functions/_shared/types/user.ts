// A member, and a vendor account as the admin reviews it, as the api answers them (SPEC §3), as
// their schemas declare them (schemas/auth-response.ts, schemas/admin-response.ts; the fields are
// described there). Types only: nothing here is bundled.
import type { z } from 'zod';

import type { vendorApplicationSchema } from '../schemas/admin-response.ts';
import type { userProfileSchema, vendorStatusSchema } from '../schemas/auth-response.ts';
import type { rideVendorSchema } from '../schemas/vendor-response.ts';

// Where a vendor account stands with the admin: only 'approved' vendors take rides.
export type VendorStatus = z.infer<typeof vendorStatusSchema>;

// A member as the api answers for /api/auth/me, login, register and profile updates.
export type UserProfile = z.infer<typeof userProfileSchema>;

// GET /api/admin/vendor-applications: one vendor account as the admin reviews it.
export type VendorApplication = z.infer<typeof vendorApplicationSchema>;

// GET /api/rides/{id}/vendor: who drives an assigned ride, for the people on it only; its schema
// declares it (schemas/vendor-response.ts).
export type RideVendor = z.infer<typeof rideVendorSchema>;
