import type { RequestDb } from './database.ts';
import { hashPassword } from './passwords.ts';
import { endOtherSessions } from './session.ts';
import { clearFailures, throttleKeys } from './throttle.ts';

// A new password always ends the user's sessions (but the one doing the change, if any),
// voids outstanding reset codes and closes their open reset requests.
export async function replacePassword(
  db: RequestDb,
  userId: number,
  newPassword: string,
  keepSessionToken: string | null,
): Promise<void> {
  await db.asOwner(
    'update private.credentials set password_hash = $2::text, updated_at = now() where user_id = $1::integer',
    [userId, await hashPassword(newPassword)],
  );
  await endOtherSessions(db, userId, keepSessionToken);
  // A code handed out before this change must not reset the new password.
  await db.asOwner(
    'update private.password_reset_codes set used_at = now() where user_id = $1::integer and used_at is null',
    [userId],
  );
  // Failed logins before the reset were against the old password: a member the admin (or a
  // reset code) just helped must be able to log in now, not in 15 minutes.
  const [user] = await db.asOwner<{ discord_username: string }>(
    'select discord_username from public.users where id = $1::integer',
    [userId],
  );
  if (user) await clearFailures(db, throttleKeys(user.discord_username, null));
  await db.asOwner(
    `update public.password_reset_requests set status = 'done', resolved_at = now()
      where user_id = $1::integer and status = 'open'`,
    [userId],
  );
}
