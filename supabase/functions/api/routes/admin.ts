import { type Context, Hono } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { adminResetCodeSchema, adminResetPasswordSchema } from '../../_shared/schemas/auth.ts';
import { approveVendorSchema } from '../../_shared/schemas/vendor.ts';
import type { VendorApplication } from '../../_shared/types/user.ts';
import { hashAhead, replacePassword } from '../lib/credentials.ts';
import type { Caller } from '../lib/database.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { jsonText } from '../lib/json-text.ts';
import { hashResetCode, newResetCode, RESET_CODE_HOURS } from '../lib/reset-codes.ts';
import { readBody, readId } from '../lib/validate.ts';
import { isoTimestamp } from '../queries/sql.ts';
import { findUserIdByUsername } from '../queries/users.ts';

export const adminRoutes = new Hono<AppEnv>();
// Mounted before the request's transaction opens (app.ts): bcrypt work that must not hold it.
export const adminBeforeTransaction = new Hono<AppEnv>();

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
adminRoutes.post('/admin/reset-user-password', async (c) => {
  const admin = requireAdmin(c);
  const input = await readBody(c, adminResetPasswordSchema);
  const userId = await requireUserId(c, input.discordUsername);
  // Resetting your own password keeps the session you are using.
  const keep = userId === admin.userId ? c.get('sessionToken') : null;
  await replacePassword(c, userId, input.newPassword, keep);
  return c.json({ message: `Password for ${input.discordUsername} has been reset` });
});

adminRoutes.post('/admin/password-reset-codes', async (c) => {
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

adminRoutes.get('/admin/password-reset-requests', async (c) => {
  requireAdmin(c);
  // Read as the API role: the admin-only RLS policy is what lets these rows through.
  const row = await c.get('db').one<{ requests: unknown[] }>(
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
  return c.json(row!.requests);
});

// Vendors ------------------------------------------------------------------------------------
// The app.* functions check for the admin themselves (migration 20261124000400); requireAdmin
// answers first so that a member gets the same 403 wherever they knock.

adminRoutes.get('/admin/vendor-applications', async (c) => {
  requireAdmin(c);
  const row = await c.get('db').one<{ applications: string }>('select app.vendor_applications()::text as applications');
  return jsonText(c, row!.applications);
});

adminRoutes.post('/admin/vendors/:userId/approve', async (c) => {
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
  return c.json({
    message: `${application.discordUsername} is approved: they can take rides now`,
    application,
  });
});

// Revoking releases the vendor's upcoming assignments back to open (past rides keep them).
adminRoutes.post('/admin/vendors/:userId/revoke', async (c) => {
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
  return c.json({
    message: `${application.discordUsername} is revoked: they cannot take rides, and ${rides} open again`,
    application,
    released,
  });
});
