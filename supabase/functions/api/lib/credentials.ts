import type { RequestDb } from './database.ts';
import { hashPassword } from './passwords.ts';
import { sha256Hex } from './session.ts';

// A new password, set by private.replace_member_password (the admin's SQL backup uses the same
// function): it ends the user's sessions (but the one doing the change, if any), voids
// outstanding reset codes, forgets failed logins and closes open reset requests.
export async function replacePassword(
  db: RequestDb,
  userId: number,
  newPassword: string,
  keepSessionToken: string | null,
): Promise<void> {
  await db.asOwner('select private.replace_member_password($1::integer, $2::text, $3::text)', [
    userId,
    await hashPassword(newPassword),
    keepSessionToken ? await sha256Hex(keepSessionToken) : null,
  ]);
}
