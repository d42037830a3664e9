import { createRoute } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import {
  type AccountDeleted,
  accountDeletedSchema,
  type MyData,
  myDataSchema,
} from '../../_shared/schemas/account-response.ts';
import { deleteAccountSchema } from '../../_shared/schemas/auth.ts';
import { answered, contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { checkCurrentPassword } from '../lib/current-password.ts';
import { requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { endSession } from '../lib/session.ts';
import { readBody } from '../lib/validate.ts';

export const accountRoutes = contractRoutes();

const tags = ['Account'];

// "Download my data": everything the database holds about the caller (app.my_data), as a file
// named with the day it was made. It carries the member's numbers and messages, so no cache
// keeps it.
const getMyData = createRoute({
  method: 'get',
  path: '/account/data',
  tags,
  summary: 'Everything the app keeps about the signed-in member, as a file to save',
  responses: {
    200: json("The member's data (an attachment, never cached)", myDataSchema),
    ...refused({ 401: ['login_required'] }),
  },
});
mount(accountRoutes, getMyData, async (c) => {
  requireCaller(c);
  const row = await c.get('db').one<{ data: MyData }>('select app.my_data() as data');
  // The day in Singapore, where the app's dates are read (src/features/profile/api/download-my-data.ts).
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
  // Indented, for a member to read; c.body sends it as it is, which its contract types.
  const file = c.body(JSON.stringify(row!.data, null, 2), 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="fc-rideshare-my-data-${day}.json"`,
    'Cache-Control': 'private, no-store',
  });
  return file as unknown as typeof file & TypedResponse<MyData, 200, 'json'>;
});

// "Delete my account": the password again (lib/current-password.ts), then
// private.delete_member does it all in this request's transaction, and this browser is signed
// out. Answers what was done.
const deleteAccount = createRoute({
  method: 'post',
  path: '/account/delete',
  tags,
  summary: "Delete the signed-in member's account, the password asked again",
  request: { body: jsonBody(deleteAccountSchema) },
  responses: {
    200: json('Deleted, and signed out: what became of the rides ahead', accountDeletedSchema),
    ...refused({
      400: ['invalid_json', 'body_not_object', 'invalid_input', 'wrong_current_password'],
      401: ['login_required'],
      403: ['admin_account_stays'],
      404: ['user_not_found'],
      429: ['too_many_failed_attempts'],
    }),
  },
});
mount(accountRoutes, deleteAccount, async (c) => {
  const caller = requireCaller(c);
  const input = await readBody(c, deleteAccountSchema);
  const db = c.get('db');
  if (caller.isAdmin) throw new HttpError(403, refusal('admin_account_stays'));

  if (!(await checkCurrentPassword(c, caller.userId, input.currentPassword, input.deviceToken))) {
    return c.json(answered(c, 'wrong_current_password'), 400);
  }

  const [done] = await db.asOwner<{ summary: Omit<AccountDeleted, 'message'> }>(
    'select private.delete_member($1::integer) as summary',
    [caller.userId],
  );
  await endSession(c, db, c.get('sessionToken'));
  return c.json({ message: 'Your account has been deleted', ...done!.summary }, 200);
});
