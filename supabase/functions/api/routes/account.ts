import { Hono } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { deleteAccountSchema } from '../../_shared/schemas/auth.ts';
import { checkCurrentPassword } from '../lib/current-password.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { endSession } from '../lib/session.ts';
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

// "Delete my account": the password again (lib/current-password.ts), then
// private.delete_member does it all in this request's transaction, and this browser is signed
// out. Answers what was done.
accountRoutes.post('/account/delete', async (c) => {
  const caller = requireCaller(c);
  const input = await readBody(c, deleteAccountSchema);
  const db = c.get('db');
  if (caller.isAdmin) throw new HttpError(403, refusal('admin_account_stays'));

  if (!(await checkCurrentPassword(c, caller.userId, input.currentPassword, input.deviceToken))) {
    return c.json(refusal('wrong_current_password'), 400);
  }

  const [done] = await db.asOwner<{ summary: { ridesCancelled: number; ridesReleased: number; ridesLeft: number } }>(
    'select private.delete_member($1::integer) as summary',
    [caller.userId],
  );
  await endSession(c, db, c.get('sessionToken'));
  return c.json({ message: 'Your account has been deleted', ...done!.summary });
});
