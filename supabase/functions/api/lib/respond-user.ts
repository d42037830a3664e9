import type { Context } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import type { OwnUser, SignedIn } from '../../_shared/schemas/auth-response.ts';
import type { VendorStatus } from '../../_shared/types/user.ts';
import { readUser } from '../queries/users.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './http-error.ts';

// Usernames are one account whatever their case and compatibility form ('ａｄｍｉｎ' is 'admin'),
// as the database's unique index on the normalised name has it.
export function sameUsername(a: string, b: string): boolean {
  return a.normalize('NFKC').toLowerCase() === b.normalize('NFKC').toLowerCase();
}

// Id 1 is reserved for ADMIN_USERNAME (auth.ts registers it there; migration 20261124000210).
export function isAdminUser(userId: number, discordUsername: string, adminUsername: string): boolean {
  return userId === 1 && sameUsername(discordUsername, adminUsername);
}

// The current user as SPEC §3 names the fields, plus isAdmin for the admin card, vendorStatus
// for the vendor dashboard ("Waiting for approval" until the admin approves) and the language
// they chose for the app (null until they choose); schemas/auth-response.ts declares it.
export async function readOwnUser(c: Context<AppEnv>, userId: number): Promise<OwnUser> {
  const user = await readUser(c.get('db'), userId);
  if (!user) throw new HttpError(404, refusal('user_not_found'));
  // Read as the member (RLS lets a vendor see their own application). Every vendor has one (a
  // trigger files it); were it missing, the vendor is treated as waiting, as the database does.
  const application = user.isVendor
    ? await c
        .get('db')
        .one<{ status: VendorStatus }>('select status from public.vendor_applications where user_id = $1::integer', [
          userId,
        ])
    : undefined;
  return {
    ...user,
    vendorStatus: user.isVendor ? (application?.status ?? 'pending') : null,
    isAdmin: isAdminUser(user.id, user.discordUsername, c.get('options').adminUsername),
  };
}

// A sign-in's answer: the member and, in bearer mode, the fresh session token and device token
// (ADR 0018), because the gateway drops Set-Cookie.
export async function signedInAnswer(
  c: Context<AppEnv>,
  userId: number,
  tokens: { newToken: string; newDeviceToken: string },
): Promise<SignedIn> {
  const user = await readOwnUser(c, userId);
  if (c.get('options').sessionTransport !== 'bearer') return user;
  return { ...user, token: tokens.newToken, deviceToken: tokens.newDeviceToken };
}
