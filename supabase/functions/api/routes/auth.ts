import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { changePasswordSchema, loginSchema, registerSchema } from '../../_shared/schemas/auth.ts';
import { ownUserSchema, signedInSchema } from '../../_shared/schemas/auth-response.ts';
import { messageAnswerSchema } from '../../_shared/schemas/message-response.ts';
import { answered, contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { hashAhead, newPasswordHash, replacePassword } from '../lib/credentials.ts';
import { checkCurrentPassword } from '../lib/current-password.ts';
import { RequestDb } from '../lib/database.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { presentedDeviceToken, rememberDevice } from '../lib/known-devices.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { inRequestTransaction } from '../lib/request-transaction.ts';
import { isAdminUser, readOwnUser, sameUsername, signedInAnswer } from '../lib/respond-user.ts';
import { dropSession, endSession, startSession } from '../lib/session.ts';
import {
  assertNotThrottled,
  clearFailures,
  clientAddress,
  clientNetwork,
  recordFailure,
  takeBrake,
  takeThrottle,
  throttleKeys,
} from '../lib/throttle.ts';
import { peekBody, readBody } from '../lib/validate.ts';
import { recordAcceptance } from './policies.ts';

export const authRoutes = contractRoutes();
// Mounted before the request's transaction opens (app.ts): bcrypt work that must not hold it.
export const authBeforeTransaction = contractRoutes();

const tags = ['Sessions'];

// A new session for the user in place of the one this request presented, and this device
// remembered as theirs under a new device token; the rest of the request runs as that user.
async function signIn(c: Context<AppEnv>, userId: number, discordUsername: string, device: string | null = null) {
  const db = c.get('db');
  await dropSession(db, c.get('sessionToken'));
  const newToken = await startSession(c, db, userId);
  const newDeviceToken = await rememberDevice(c, db, userId, device);
  await db.actAs({ userId, isAdmin: isAdminUser(userId, discordUsername, c.get('options').adminUsername) });
  return signedInAnswer(c, userId, { newToken, newDeviceToken });
}

// SPEC §7: a 401 here means "nobody is signed in", which the PWA reads as a visitor.
const getMe = createRoute({
  method: 'get',
  path: '/auth/me',
  tags,
  summary: 'The signed-in member',
  responses: {
    200: json('The caller, their own numbers, language and accepted policies included', ownUserSchema),
    ...refused({ 401: ['not_logged_in'], 404: ['user_not_found'] }),
  },
});
mount(authRoutes, getMe, async (c) => {
  const caller = c.get('caller');
  if (!caller) return c.json(answered(c, 'not_logged_in'), 401);
  return c.json(await readOwnUser(c, caller.userId), 200);
});

interface LoginAccount {
  id: number;
  discord_username: string;
  password_hash: string;
}

function findLoginAccount(db: RequestDb, discordUsername: string, lock: '' | 'for share of cr') {
  return db.asOwner<LoginAccount>(
    `select u.id, u.discord_username, cr.password_hash
       from public.users u join private.credentials cr on cr.user_id = u.id
      where lower(u.discord_username) = lower($1::text)
      ${lock}`,
    [discordUsername],
  );
}

// Login checks the password (bcrypt, ~70 ms) with no transaction open: a short first look reads
// the stored hash and refuses a locked-out name or address (429 before any bcrypt work), then
// the request's own transaction counts the attempt and starts the session, all in one step.
const login = createRoute({
  method: 'post',
  path: '/login',
  tags,
  summary: 'Sign in with the Discord username and password',
  request: { body: jsonBody(loginSchema) },
  responses: {
    200: json(
      'The member, now signed in (a session cookie, or a bearer token where the host sends one)',
      signedInSchema,
    ),
    ...refused({
      400: ['invalid_json', 'body_not_object', 'invalid_input'],
      401: ['invalid_credentials'],
      403: ['account_suspended', 'account_suspended_until'],
      429: ['too_many_failed_attempts'],
    }),
  },
});
mount(authBeforeTransaction, login, async (c) => {
  const input = await readBody(c, loginSchema);
  const device = presentedDeviceToken(c, input.deviceToken);
  const seen = await c.get('options').database.transaction(async (tx) => {
    const db = new RequestDb(tx);
    const [account] = await findLoginAccount(db, input.discordUsername, '');
    const name = account?.discord_username ?? input.discordUsername;
    await assertNotThrottled(db, await throttleKeys(c, db, name, 'login', device));
    return account;
  });
  const matched = await verifyPassword(input.password, seen?.password_hash);

  return inRequestTransaction(c, async () => {
    const db = c.get('db');
    // FOR SHARE: a password reset running meanwhile waits for this login to commit, then ends the
    // session it made, instead of missing it.
    const [account] = await findLoginAccount(db, input.discordUsername, 'for share of cr');
    // The stored name keys the throttle: spellings that Postgres folds to one account (İ and i)
    // share one count.
    const keys = await throttleKeys(c, db, account?.discord_username ?? input.discordUsername, 'login', device);
    // Checked again under the per-key lock, which lasts until this transaction ends: of a burst
    // of guesses that all passed the first look, no more than the limit get an answer but 429.
    await assertNotThrottled(db, keys);
    // Should the password have changed between the two looks, the check is against the new one.
    const unchanged = account?.id === seen?.id && account?.password_hash === seen?.password_hash;
    const valid = unchanged ? matched : await verifyPassword(input.password, account?.password_hash);

    if (!valid || !account) {
      // Returned, not thrown: the failure must be committed to count towards the limit.
      await recordFailure(db, keys);
      return c.json(answered(c, 'invalid_credentials'), 401);
    }

    await clearFailures(db, keys);
    // A suspended member's password is right, and still opens nothing (issue 26). Read after the
    // credentials' FOR SHARE: a suspension committed meanwhile is seen.
    const [suspended] = await db.asOwner<{ until: string }>(
      `select case when until = 'infinity' then 'forever'
                   else to_char(until at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') end as until
         from private.suspended_until($1::integer) as until where until is not null`,
      [account.id],
    );
    if (suspended) {
      return c.json(
        suspended.until === 'forever'
          ? answered(c, 'account_suspended')
          : answered(c, 'account_suspended_until', { until: suspended.until }),
        403,
      );
    }
    return c.json(await signIn(c, account.id, account.discord_username, device), 200);
  });
});

// Registrations per client address, per network and, as a brake, for everyone together
// (private.throttle_limits), counted
// in a short transaction of their own, before the bcrypt work: of a burst from one address, those
// past the limit are refused (429) by that short transaction and cost no hashing. So a place is
// taken by every valid registration of a free name, also one that then fails (a rare race for the
// same name). The admin's own registration is never throttled: it can happen once (id 1), and a
// flood of others must not keep the admin out.
function usernameTaken(db: RequestDb, discordUsername: string) {
  return db.asOwner('select 1 from public.users where lower(discord_username) = lower($1::text)', [discordUsername]);
}

authBeforeTransaction.post('/register', async (c, next) => {
  const input = await peekBody(c, registerSchema);
  const options = c.get('options');
  if (input && !sameUsername(input.discordUsername, options.adminUsername)) {
    await options.database.transaction(async (tx) => {
      const db = new RequestDb(tx);
      if ((await usernameTaken(db, input.discordUsername)).length > 0) return;
      const client = clientAddress(c);
      if (client) {
        const fromNetwork = 'Too many new accounts from your network. Please try again in %s.';
        await takeThrottle(db, 'register:client', client, fromNetwork);
        await takeThrottle(db, 'register:network', clientNetwork(c), fromNetwork);
      }
      await takeBrake(db, 'register:all', '', 'Too many new accounts right now. Please try again in %s.');
    });
  }
  await next();
});
authBeforeTransaction.post(
  '/register',
  hashAhead(registerSchema, (input) => input.password),
);
const register = createRoute({
  method: 'post',
  path: '/register',
  tags,
  summary: 'Create an account (a member, or a vendor waiting for approval) and sign in',
  request: { body: jsonBody(registerSchema) },
  responses: {
    201: json('The new member, signed in', signedInSchema),
    ...refused({
      400: ['invalid_json', 'body_not_object', 'invalid_input', 'common_password', 'display_name_reserved'],
      409: ['username_taken', 'username_lookalike', 'username_reserved'],
      429: ['too_many_accounts_network', 'too_many_accounts'],
    }),
  },
});
mount(authRoutes, register, async (c) => {
  const input = await readBody(c, registerSchema);
  const db = c.get('db');
  const passwordHash = await newPasswordHash(c, input.password);
  const isAdmin = sameUsername(input.discordUsername, c.get('options').adminUsername);

  const [taken] = await usernameTaken(db, input.discordUsername);
  if (taken) throw new HttpError(409, refusal('username_taken'));

  // Id 1 is the admin's whenever they register (SPEC §6: the admin is id 1 with ADMIN_USERNAME);
  // everyone else takes ids from 2 on (migration 20261124000210), so nobody can take it first.
  const [created] = await db.asOwner<{ id: number }>(
    `insert into public.users (
       id, discord_username, name, whatsapp_number, malaysian_number, revolut_username,
       is_vendor, company_name, driver_details)
     values (coalesce($9::integer, nextval(pg_get_serial_sequence('public.users', 'id'))::integer),
             $1::text, $2::text, $3::text, $4::text, $5::text, $6::boolean, $7::text, $8::text::jsonb)
     returning id`,
    [
      input.discordUsername,
      input.name ?? null,
      input.whatsappNumber ?? null,
      input.malaysianNumber ?? null,
      input.revolutUsername ?? null,
      input.isVendor,
      input.isVendor ? (input.companyName ?? null) : null,
      input.isVendor && input.driverDetails ? JSON.stringify(input.driverDetails) : null,
      isAdmin ? 1 : null,
    ],
  );
  await db.asOwner('insert into private.credentials (user_id, password_hash) values ($1::integer, $2::text)', [
    created.id,
    passwordHash,
  ]);
  // The versions of the privacy notice and community rules the member was shown and accepted
  // (the schema refuses a registration without them).
  await recordAcceptance(db, created.id, input.acceptedPolicies, { asOwner: true });

  return c.json(await signIn(c, created.id, input.discordUsername), 201);
});

const logout = createRoute({
  method: 'post',
  path: '/logout',
  tags,
  summary: "End this browser's session (signed in or not)",
  responses: { 200: json('Signed out', messageAnswerSchema) },
});
mount(authRoutes, logout, async (c) => {
  await endSession(c, c.get('db'), c.get('sessionToken'));
  return c.json({ message: 'Logged out' }, 200);
});

// Changing your own password ends every other session of yours. The new password is hashed
// before the transaction; checking the current one still happens inside it (a rare request).
authBeforeTransaction.post(
  '/reset-password',
  hashAhead(changePasswordSchema, (input) => input.newPassword, { signedIn: true }),
);
const changePassword = createRoute({
  method: 'post',
  path: '/reset-password',
  tags,
  summary: "Change the signed-in member's password (their other sessions end)",
  request: { body: jsonBody(changePasswordSchema) },
  responses: {
    200: json('Changed', messageAnswerSchema),
    ...refused({
      400: ['invalid_json', 'body_not_object', 'invalid_input', 'wrong_current_password', 'common_password'],
      401: ['login_required'],
      404: ['user_not_found'],
      429: ['too_many_failed_attempts'],
    }),
  },
});
mount(authRoutes, changePassword, async (c) => {
  const caller = requireCaller(c);
  const input = await readBody(c, changePasswordSchema);
  if (!(await checkCurrentPassword(c, caller.userId, input.currentPassword, input.deviceToken))) {
    return c.json(answered(c, 'wrong_current_password'), 400);
  }

  await replacePassword(c, caller.userId, input.newPassword, c.get('sessionToken'));
  return c.json({ message: 'Password reset successful!' }, 200);
});
