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
}
