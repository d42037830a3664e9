import type { z } from 'zod';

import type { PhoneVisibility, ProfileLanguage } from '../schemas/auth.ts';
import type { rideVendorSchema } from '../schemas/vendor-response.ts';

// Where a vendor account stands with the admin (migration 20261124000400_vendor_approval.sql):
// registering as a vendor files an application ('pending'); only 'approved' vendors take rides.
export type VendorStatus = 'pending' | 'approved' | 'revoked';

// A member as the api answers for /api/auth/me, login, register and profile updates (SPEC §3).
export interface UserProfile {
  id: number;
  discordUsername: string;
  name: string | null;
  whatsappNumber: string | null;
  malaysianNumber: string | null;
  revolutUsername: string | null;
  isVendor: boolean;
  companyName: string | null;
  driverDetails: { name?: string | null; contact?: string | null; carNumber?: string | null } | null;
  createdAt?: string;
  // The signed-in member's own answers carry it (lib/respond-user.ts): null for a member who is
  // not a vendor.
  vendorStatus?: VendorStatus | null;
  // The language the member chose for the app (migration 20261201000900), null when never
  // chosen: only in the member's own answers, like vendorStatus.
  language?: ProfileLanguage | null;
  // Who sees the member's phone numbers (issue 25), only in the member's own answers.
  phoneVisibility?: PhoneVisibility;
  // The newest version of each document the member accepted (null: never), only in the member's
  // own answers: the app asks once for the current ones when these are older (issue 26 §2).
  acceptedPolicies?: { privacy: string | null; rules: string | null };
}

// GET /api/admin/vendor-applications: one vendor account as the admin reviews it.
export interface VendorApplication {
  userId: number;
  discordUsername: string;
  name: string | null;
  companyName: string | null;
  driverDetails: UserProfile['driverDetails'];
  whatsappNumber: string | null;
  malaysianNumber: string | null;
  status: VendorStatus;
  // What the admin checked when approving (company, cross-border permit / plate, contact).
  licenceNote: string | null;
  appliedAt: string;
  decidedAt: string | null;
  // Assigned rides still ahead; revoking the vendor releases them back to open.
  upcomingAssignments: number;
}

// GET /api/rides/{id}/vendor: who drives an assigned ride, for the people on it only; its schema
// declares it (schemas/vendor-response.ts).
export type RideVendor = z.infer<typeof rideVendorSchema>;
