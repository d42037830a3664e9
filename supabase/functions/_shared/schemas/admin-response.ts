import { z } from 'zod';

import { driverDetailsSchema, vendorStatusSchema } from './auth-response.ts';

// The admin's answers (api/routes/admin.ts): password help for members and the vendor accounts'
// review. Only the admin gets them.

const id = z.number().int();

// POST /api/admin/password-reset-codes: the one-time code to hand the member (shown once: only
// its hash is kept), and when it expires.
export const resetCodeIssuedSchema = z.object({
  message: z.string(),
  code: z.string(),
  expiresAt: z.string(),
});
export type ResetCodeIssued = z.infer<typeof resetCodeIssuedSchema>;

// GET /api/admin/password-reset-requests: the open requests, oldest first.
export const passwordResetRequestSchema = z
  .object({
    id,
    userId: id,
    discordUsername: z.string(),
    name: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export const passwordResetRequestsSchema = z.array(passwordResetRequestSchema);

// GET /api/admin/vendor-applications: one vendor account as the admin reviews it
// (private.vendor_application_json).
export const vendorApplicationSchema = z
  .object({
    userId: id,
    discordUsername: z.string(),
    name: z.string().nullable(),
    companyName: z.string().nullable(),
    driverDetails: driverDetailsSchema.nullable(),
    whatsappNumber: z.string().nullable(),
    malaysianNumber: z.string().nullable(),
    status: vendorStatusSchema,
    // What the admin checked when approving (company, cross-border permit / plate, contact).
    licenceNote: z.string().nullable(),
    appliedAt: z.string(),
    decidedAt: z.string().nullable(),
    // Assigned rides still ahead; revoking the vendor releases them back to open.
    upcomingAssignments: z.number().int().nonnegative(),
  })
  .meta({ id: 'VendorApplication' });
export const vendorApplicationsSchema = z.array(vendorApplicationSchema);

// POST /api/admin/vendors/{userId}/approve: the application as it is now.
export const vendorApprovedSchema = z.object({ message: z.string(), application: vendorApplicationSchema });

// POST /api/admin/vendors/{userId}/revoke: and how many upcoming rides are open again.
export const vendorRevokedSchema = vendorApprovedSchema.extend({ released: z.number().int().nonnegative() });
