import { Hono } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { deleteAccountSchema } from '../../_shared/schemas/auth.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { presentedDeviceToken } from '../lib/known-devices.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { endSession } from '../lib/session.ts';
import { assertNotThrottled, recordFailure, throttleKeys } from '../lib/throttle.ts';
import { readBody } from '../lib/validate.ts';

export const accountRoutes = new Hono<AppEnv>();

// "Download my data": everything the database holds about the caller (app.my_data), as a file
// named with the day it was made. It carries the member's numbers and messages, so no cache
// keeps it.
accountRoutes.get('/account/data', async (c) => {
  requireCaller(c);
  const row = await c.get('db').one<{ data: Record<string, unknown> }>('select app.my_data() as data');
  // The day in Singapore, where the app's dates are read (src/features/profile/api/download-my-data.ts).
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
  return c.body(JSON.stringify(row!.data, null, 2), 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="fc-rideshare-my-data-${day}.json"`,
    'Cache-Control': 'private, no-store',
  });
});

// "Delete my account": the password again (a wrong one counts as a failed login, as changing
// the password does; bcrypt runs inside the transaction, a rare request), then
// private.delete_member does it all in this request's transaction, and this browser is signed
// out. Answers what was done.
accountRoutes.post('/account/delete', async (c) => {
  const caller = requireCaller(c);
  const input = await readBody(c, deleteAccountSchema);
  const db = c.get('db');
  if (caller.isAdmin) throw new HttpError(403, refusal('admin_account_stays'));

  const [account] = await db.asOwner<{ discord_username: string; password_hash: string }>(
    `select u.discord_username, cr.password_hash
       from public.users u join private.credentials cr on cr.user_id = u.id
      where u.id = $1::integer`,
    [caller.userId],
  );
  if (!account) throw new HttpError(404, refusal('user_not_found'));
  const keys = await throttleKeys(c, db, account.discord_username, 'login', presentedDeviceToken(c, input.deviceToken));
  await assertNotThrottled(db, keys);
  if (!(await verifyPassword(input.currentPassword, account.password_hash))) {
    // Returned, not thrown: the failure must be committed to count towards the limit.
    await recordFailure(db, keys);
    return c.json(refusal('wrong_current_password'), 400);
  }

  const [done] = await db.asOwner<{ summary: { ridesCancelled: number; ridesReleased: number; ridesLeft: number } }>(
    'select private.delete_member($1::integer) as summary',
    [caller.userId],
  );
  await endSession(c, db, c.get('sessionToken'));
  return c.json({ message: 'Your account has been deleted', ...done!.summary });
});
