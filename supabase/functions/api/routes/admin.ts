import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import {
  type PasswordResetRequest,
  passwordResetRequestsSchema,
  resetCodeIssuedSchema,
  vendorApplicationsSchema,
  vendorApprovedSchema,
  vendorRevokedSchema,
} from '../../_shared/schemas/admin-response.ts';
import { adminResetCodeSchema, adminResetPasswordSchema } from '../../_shared/schemas/auth.ts';
import { memberIdParams } from '../../_shared/schemas/fields.ts';
import { messageAnswerSchema } from '../../_shared/schemas/message-response.ts';
import { approveVendorSchema } from '../../_shared/schemas/vendor.ts';
import type { VendorApplication } from '../../_shared/types/user.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { hashAhead, replacePassword } from '../lib/credentials.ts';
import type { Caller } from '../lib/database.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { hashResetCode, newResetCode, RESET_CODE_HOURS } from '../lib/reset-codes.ts';
import { readBody, readId } from '../lib/validate.ts';
import { isoTimestamp } from '../queries/sql.ts';
import { findUserIdByUsername } from '../queries/users.ts';

export const adminRoutes = contractRoutes();
// Mounted before the request's transaction opens (app.ts): bcrypt work that must not hold it.
export const adminBeforeTransaction = contractRoutes();

const tags = ['Admin'];

function requireAdmin(c: Context<AppEnv>): Caller {
  const caller = requireCaller(c);
  if (!caller.isAdmin) throw new HttpError(403, refusal('admin_only'));
  return caller;
}

async function requireUserId(c: Context<AppEnv>, discordUsername: string): Promise<number> {
  const userId = await findUserIdByUsername(c.get('db'), discordUsername);
  if (userId === undefined) throw new HttpError(404, refusal('no_such_username', { username: discordUsername }));
  return userId;
}

adminBeforeTransaction.post(
  '/admin/reset-user-password',
  hashAhead(adminResetPasswordSchema, (input) => input.newPassword, { signedIn: true }),
);
const resetUserPassword = createRoute({
  method: 'post',
  path: '/admin/reset-user-password',
  tags,
  summary: "The admin sets a member's new password (the member's sessions end)",
  request: { body: jsonBody(adminResetPasswordSchema) },
  responses: {
    200: json('The password is set', messageAnswerSchema),
    ...refused({
      // invalid_value: a username the database cannot hold as text (a NUL), looked up as typed.
      400: ['invalid_json', 'body_not_object', 'invalid_input', 'invalid_value', 'common_password'],
      401: ['login_required'],
      403: ['admin_only'],
      404: ['no_such_username'],
    }),
  },
});
mount(adminRoutes, resetUserPassword, async (c) => {
  const admin = requireAdmin(c);
  const input = await readBody(c, adminResetPasswordSchema);
  const userId = await requireUserId(c, input.discordUsername);
  // Resetting your own password keeps the session you are using.
  const keep = userId === admin.userId ? c.get('sessionToken') : null;
  await replacePassword(c, userId, input.newPassword, keep);
  return c.json({ message: `Password for ${input.discordUsername} has been reset` }, 200);
});

const issueResetCode = createRoute({
  method: 'post',
  path: '/admin/password-reset-codes',
  tags,
  summary: 'The admin makes a one-time reset code for a member (an earlier one stops working)',
  request: { body: jsonBody(adminResetCodeSchema) },
  responses: {
    201: json('The code, shown this once, and when it expires', resetCodeIssuedSchema),
    ...refused({
      400: ['invalid_json', 'body_not_object', 'invalid_input', 'invalid_value'],
      401: ['login_required'],
      403: ['admin_only'],
      404: ['no_such_username'],
    }),
  },
});
mount(adminRoutes, issueResetCode, async (c) => {
  requireAdmin(c);
  const { discordUsername } = await readBody(c, adminResetCodeSchema);
  const userId = await requireUserId(c, discordUsername);
  const db = c.get('db');
  const code = newResetCode();
  // A new code replaces any earlier one still outstanding; the lock keeps two codes issued at
  // the same moment from both staying valid.
  await db.asOwner(`select pg_advisory_xact_lock(hashtextextended('fc-reset-code:' || $1::text, 0))`, [String(userId)]);
  await db.asOwner(
    'update private.password_reset_codes set used_at = now() where user_id = $1::integer and used_at is null',
    [userId],
  );
  const [issued] = await db.asOwner<{ expires_at: string }>(
    `insert into private.password_reset_codes (code_hash, user_id, expires_at)
     values ($1::text, $2::integer, now() + make_interval(hours => $3::integer))
     returning ${isoTimestamp('expires_at')} as expires_at`,
    [await hashResetCode(code), userId, RESET_CODE_HOURS],
  );
  return c.json(
    {
      message: `Give this one-time code to ${discordUsername}. It works once and expires in ${RESET_CODE_HOURS} hours.`,
      code,
      expiresAt: issued.expires_at,
    },
    201,
  );
});

const getResetRequests = createRoute({
  method: 'get',
  path: '/admin/password-reset-requests',
  tags,
  summary: "The members' open requests for a new password, oldest first",
  responses: {
    200: json('The open requests', passwordResetRequestsSchema),
    ...refused({ 401: ['login_required'], 403: ['admin_only'] }),
  },
});
mount(adminRoutes, getResetRequests, async (c) => {
  requireAdmin(c);
  // Read as the API role: the admin-only RLS policy is what lets these rows through.
  const row = await c.get('db').one<{ requests: PasswordResetRequest[] }>(
    `select coalesce(json_agg(json_build_object(
        'id', r.id,
        'userId', r.user_id,
        'discordUsername', u.discord_username,
        'name', u.name,
        'createdAt', ${isoTimestamp('r.created_at')}
      ) order by r.created_at, r.id), '[]'::json) as requests
       from public.password_reset_requests r join public.users u on u.id = r.user_id
      where r.status = 'open'`,
  );
  return c.json(row!.requests, 200);
});

// Vendors ------------------------------------------------------------------------------------
// The app.* functions check for the admin themselves (migration 20261124000400); requireAdmin
// answers first so that a member gets the same 403 wherever they knock.

const getVendorApplications = createRoute({
  method: 'get',
  path: '/admin/vendor-applications',
  tags,
  summary: 'The vendor accounts: waiting first (oldest first), then approved, then revoked',
  responses: {
    200: json('Every vendor account with its application', vendorApplicationsSchema),
    ...refused({ 401: ['login_required'], 403: ['admin_only'] }),
  },
});
mount(adminRoutes, getVendorApplications, async (c) => {
  requireAdmin(c);
  const row = await c
    .get('db')
    .one<{ applications: VendorApplication[] }>('select app.vendor_applications() as applications');
  return c.json(row!.applications, 200);
});

const approveVendor = createRoute({
  method: 'post',
  path: '/admin/vendors/{userId}/approve',
  tags,
  summary: 'The admin approves a vendor account, saying what they checked',
  request: { params: memberIdParams, body: jsonBody(approveVendorSchema) },
  responses: {
    200: json('The application as it is now; the vendor can take rides', vendorApprovedSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      403: ['admin_only'],
      404: ['user_not_found'],
      409: ['not_a_vendor', 'already_approved'],
    }),
  },
});
mount(adminRoutes, approveVendor, async (c) => {
  requireAdmin(c);
  const userId = readId(c, 'userId', 'user');
  const { licenceNote } = await readBody(c, approveVendorSchema);
  const row = await c
    .get('db')
    .one<{ application: VendorApplication }>('select app.approve_vendor($1::integer, $2::text) as application', [
      userId,
      licenceNote,
    ]);
  const application = row!.application;
  return c.json(
    {
      message: `${application.discordUsername} is approved: they can take rides now`,
      application,
    },
    200,
  );
});

// Revoking releases the vendor's upcoming assignments back to open (past rides keep them).
const revokeVendor = createRoute({
  method: 'post',
  path: '/admin/vendors/{userId}/revoke',
  tags,
  summary: "The admin withdraws a vendor's approval; their upcoming rides open again",
  request: { params: memberIdParams },
  responses: {
    200: json('The application as it is now, and how many rides are open again', vendorRevokedSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['admin_only'],
      404: ['user_not_found'],
      409: ['not_a_vendor', 'already_revoked'],
    }),
  },
});
mount(adminRoutes, revokeVendor, async (c) => {
  requireAdmin(c);
  const userId = readId(c, 'userId', 'user');
  const row = await c
    .get('db')
    .one<{ result: { application: VendorApplication; released: number } }>(
      'select app.revoke_vendor($1::integer) as result',
      [userId],
    );
  const { application, released } = row!.result;
  const rides = released === 1 ? '1 upcoming ride is' : `${released} upcoming rides are`;
  return c.json(
    {
      message: `${application.discordUsername} is revoked: they cannot take rides, and ${rides} open again`,
      application,
      released,
    },
    200,
  );
});
