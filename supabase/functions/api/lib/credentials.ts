import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';

import { refusal } from '../../_shared/refusals.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './http-error.ts';
import { hashPassword } from './passwords.ts';
import { readSessionToken, sha256Hex } from './session.ts';
import { peekBody } from './validate.ts';

// bcrypt takes ~70 ms of CPU. A route that sets a password hashes it here, before the request's
// transaction opens (app.ts mounts these steps ahead of it), so the database is not held
// meanwhile: on PGlite that would stall every other request. A body the schema refuses is left
// alone (the handler refuses it, after its own checks such as "are you logged in"); so is a
// route for members called with no session at all.
export function hashAhead<S extends z.ZodType>(
  schema: S,
  pick: (input: z.output<S>) => string,
  options: { signedIn?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const input = options.signedIn && !readSessionToken(c) ? undefined : await peekBody(c, schema);
    if (input !== undefined) {
      const password = pick(input);
      c.set('passwordHashAhead', { password, hash: await hashPassword(password, c.get('options').passwordCost) });
    }
    await next();
  };
}

// The hash hashAhead made for this password, or (a route without that step) one made now.
// Every path that sets a password comes here (register, change, the admin's reset, a reset
// code): one of the most common passwords is refused, whoever sets it.
export async function newPasswordHash(c: Context<AppEnv>, password: string): Promise<string> {
  if (await isCommonPassword(password)) throw new HttpError(400, refusal('common_password'));
  const ahead = c.get('passwordHashAhead');
  return ahead && ahead.password === password ? ahead.hash : hashPassword(password, c.get('options').passwordCost);
}

// A new password, set by private.replace_member_password (the admin's SQL backup uses the same
// function): it ends the user's sessions (but the one doing the change, if any), voids
// outstanding reset codes, forgets failed logins and closes open reset requests.
export async function replacePassword(
  c: Context<AppEnv>,
  userId: number,
  newPassword: string,
  keepSessionToken: string | null,
): Promise<void> {
  await c
    .get('db')
    .asOwner('select private.replace_member_password($1::integer, $2::text, $3::text)', [
      userId,
      await newPasswordHash(c, newPassword),
      keepSessionToken ? await sha256Hex(keepSessionToken) : null,
    ]);
}
