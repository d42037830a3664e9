import type { Context } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './http-error.ts';
import { presentedDeviceToken } from './known-devices.ts';
import { verifyPassword } from './passwords.ts';
import { assertNotThrottled, recordFailure, throttleKeys } from './throttle.ts';

// The signed-in member's password asked again before a change that needs it (a new password,
// deleting the account). A wrong one counts as a failed login, under the login's throttles, and
// is answered, not thrown: the failure must be committed to count towards the limit. bcrypt runs
// inside the request's transaction here; these requests are rare.
export async function checkCurrentPassword(
  c: Context<AppEnv>,
  userId: number,
  password: string,
  deviceTokenFromBody: string | undefined,
): Promise<boolean> {
  const db = c.get('db');
  const [account] = await db.asOwner<{ discord_username: string; password_hash: string }>(
    `select u.discord_username, cr.password_hash
       from public.users u join private.credentials cr on cr.user_id = u.id
      where u.id = $1::integer`,
    [userId],
  );
  if (!account) throw new HttpError(404, refusal('user_not_found'));
  const keys = await throttleKeys(
    c,
    db,
    account.discord_username,
    'login',
    presentedDeviceToken(c, deviceTokenFromBody),
  );
  await assertNotThrottled(db, keys);
  if (await verifyPassword(password, account.password_hash)) return true;
  await recordFailure(db, keys);
  return false;
}
