import { createRoute } from '@hono/zod-openapi';

import { completePasswordResetSchema, requestPasswordResetSchema } from '../../_shared/schemas/auth.ts';
import { messageAnswerSchema } from '../../_shared/schemas/message-response.ts';
import { answered, contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { hashAhead, replacePassword } from '../lib/credentials.ts';
import { presentedDeviceToken } from '../lib/known-devices.ts';
import { hashResetCode } from '../lib/reset-codes.ts';
import { assertNotThrottled, clearFailures, recordFailure, throttleKeys } from '../lib/throttle.ts';
import { readBody } from '../lib/validate.ts';

export const passwordResetRoutes = contractRoutes();
// Mounted before the request's transaction opens (app.ts): bcrypt work that must not hold it.
export const passwordResetBeforeTransaction = contractRoutes();

const tags = ['Sessions'];

const REQUEST_RECEIVED =
  'Your request has been sent to the administrator. Contact the admin on Discord to get your new password or a reset code.';

// Answers the same whether or not the account exists, so it tells nobody who is a member.
const requestPasswordReset = createRoute({
  method: 'post',
  path: '/request-password-reset',
  tags,
  summary: 'Ask the admin for a new password (the same answer whether the account exists or not)',
  request: { body: jsonBody(requestPasswordResetSchema) },
  responses: {
    200: json('The request is with the admin, if the account exists', messageAnswerSchema),
    ...refused({ 400: ['invalid_json', 'body_not_object', 'invalid_input'] }),
  },
});
mount(passwordResetRoutes, requestPasswordReset, async (c) => {
  const { discordUsername } = await readBody(c, requestPasswordResetSchema);
  await c.get('db').asOwner(
    `insert into public.password_reset_requests (user_id)
     select id from public.users where lower(discord_username) = lower($1::text)
     on conflict (user_id) where status = 'open' do nothing`,
    [discordUsername],
  );
  return c.json({ message: REQUEST_RECEIVED }, 200);
});

passwordResetBeforeTransaction.post(
  '/complete-password-reset',
  hashAhead(completePasswordResetSchema, (input) => input.newPassword),
);
// Redeems a one-time code the admin handed out: single use, expires, stored hashed.
const completePasswordReset = createRoute({
  method: 'post',
  path: '/complete-password-reset',
  tags,
  summary: "Set a new password with the admin's one-time reset code",
  request: { body: jsonBody(completePasswordResetSchema) },
  responses: {
    200: json('The new password is set; every session of the member has ended', messageAnswerSchema),
    ...refused({
      400: ['invalid_json', 'body_not_object', 'invalid_input', 'reset_code_invalid', 'common_password'],
      429: ['too_many_failed_attempts'],
    }),
  },
});
mount(passwordResetRoutes, completePasswordReset, async (c) => {
  const input = await readBody(c, completePasswordResetSchema);
  const db = c.get('db');
  const keys = await throttleKeys(
    c,
    db,
    input.discordUsername,
    'reset-code',
    presentedDeviceToken(c, input.deviceToken),
  );
  await assertNotThrottled(db, keys);

  // Checked and spent in one statement: of two requests racing with one code, the second
  // finds it used (the row lock makes it re-read used_at) and is refused.
  const [match] = await db.asOwner<{ user_id: number }>(
    `update private.password_reset_codes rc set used_at = now()
       from public.users u
      where u.id = rc.user_id and lower(u.discord_username) = lower($1::text) and rc.code_hash = $2::text
        and rc.used_at is null and rc.expires_at > now()
      returning rc.user_id`,
    [input.discordUsername, await hashResetCode(input.code)],
  );
  if (!match) {
    await recordFailure(db, keys);
    return c.json(answered(c, 'reset_code_invalid'), 400);
  }

  await clearFailures(db, keys);
  await replacePassword(c, match.user_id, input.newPassword, null);
  return c.json({ message: 'Your password has been reset. You can now log in with your new password.' }, 200);
});
