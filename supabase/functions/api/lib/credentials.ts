import type { RequestDb } from './database.ts';
import { hashPassword } from './passwords.ts';
import { endOtherSessions } from './session.ts';

// A new password always ends the user's sessions (but the one doing the change, if any) and
// closes their open reset requests.
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
  await db.asOwner(
    `update public.password_reset_requests set status = 'done', resolved_at = now()
      where user_id = $1::integer and status = 'open'`,
    [userId],
  );
}
