import { z } from 'zod';

import { PHONE_VISIBILITIES, PROFILE_LANGUAGES } from './auth.ts';

// The signed-in member as the api answers them (SPEC §3): GET /api/auth/me, login, register,
// PATCH /api/users/{id} and POST /api/policies/accept (api/lib/respond-user.ts builds it from
// api/queries/users.ts). Only ever the member's own row: their numbers, language and the policy
// versions they accepted are in no one else's answers. Never a password hash; a session token
// only in a sign-in's answer on a bearer host (signedInSchema).

// Where a vendor account stands with the admin (migration 20261124000400_vendor_approval.sql):
// registering as a vendor files an application ('pending'); only 'approved' vendors take rides.
export const VENDOR_STATUSES = ['pending', 'approved', 'revoked'] as const;
export const vendorStatusSchema = z.enum(VENDOR_STATUSES).meta({ id: 'VendorStatus' });

// A vendor's driver as the register form gave it (users.driver_details); null for a member.
export const driverDetailsSchema = z.object({
  name: z.string().nullable().optional(),
  contact: z.string().nullable().optional(),
  carNumber: z.string().nullable().optional(),
});

const vendorStatus = z.union([vendorStatusSchema, z.null()]);
const language = z.enum(PROFILE_LANGUAGES).nullable();
const phoneVisibility = z.enum(PHONE_VISIBILITIES);
const acceptedPolicies = z.object({ privacy: z.string().nullable(), rules: z.string().nullable() });

// A member as the PWA keeps them (UserProfile): what the api answers, the fields below
// `driverDetails` left optional for the copies the PWA makes itself (its tests, its cache).
export const userProfileSchema = z.object({
  id: z.number().int(),
  discordUsername: z.string(),
  name: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  malaysianNumber: z.string().nullable(),
  revolutUsername: z.string().nullable(),
  isVendor: z.boolean(),
  companyName: z.string().nullable(),
  driverDetails: driverDetailsSchema.nullable(),
  createdAt: z.string().optional(),
  vendorStatus: vendorStatus.optional(),
  language: language.optional(),
  phoneVisibility: phoneVisibility.optional(),
  acceptedPolicies: acceptedPolicies.optional(),
});

// What the api answers about the caller (lib/respond-user.ts), every field there.
export const ownUserSchema = userProfileSchema
  .extend({
    createdAt: z.string(),
    // Null for a member who is not a vendor.
    vendorStatus,
    // The language the member chose for the app (migration 20261201000900), null when never
    // chosen.
    language,
    // Who sees the member's phone numbers (issue 25).
    phoneVisibility,
    // The newest version of each document the member accepted (null: never): the app asks once
    // for the current ones when these are older (issue 26 §2).
    acceptedPolicies,
    isAdmin: z.boolean(),
  })
  .meta({ id: 'OwnUser' });
export type OwnUser = z.infer<typeof ownUserSchema>;

// Login and register: the member, and, only where the host sends sessions as bearer tokens (the
// Supabase function, whose gateway drops Set-Cookie; ADR 0018), the new session's token and this
// device's token, which are the caller's own and appear in no other answer. With cookies, both
// travel as HttpOnly cookies and are absent here.
export const signedInSchema = ownUserSchema
  .extend({
    token: z.string().optional(),
    deviceToken: z.string().optional(),
  })
  .meta({ id: 'SignedIn' });
export type SignedIn = z.infer<typeof signedInSchema>;
