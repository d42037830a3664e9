import type { UserProfile } from '../../_shared/types/user.ts';
import type { RequestDb } from '../lib/database.ts';
import { isoTimestamp } from './sql.ts';

const userJson = `json_build_object(
  'id', u.id,
  'discordUsername', u.discord_username,
  'name', u.name,
  'whatsappNumber', u.whatsapp_number,
  'malaysianNumber', u.malaysian_number,
  'revolutUsername', u.revolut_username,
  'isVendor', u.is_vendor,
  'companyName', u.company_name,
  'driverDetails', u.driver_details,
  'createdAt', ${isoTimestamp('u.created_at')},
  'language', u.language,
  'phoneVisibility', u.phone_visibility,
  'acceptedPolicies', (
    select json_build_object(
      'privacy', max(a.version) filter (where a.document = 'privacy'),
      'rules', max(a.version) filter (where a.document = 'rules'))
      from public.policy_acceptances a where a.user_id = u.id)
)`;

// The member themselves (lib/respond-user.ts): their language and the newest versions of the
// privacy notice and community rules they accepted (dates, so the newest is the greatest) too,
// which no one else's answers show.
export async function readUser(db: RequestDb, userId: number): Promise<UserProfile | undefined> {
  const row = await db.one<{ user: UserProfile }>(
    `select ${userJson} as user from public.users u where u.id = $1::integer`,
    [userId],
  );
  return row?.user;
}

export async function findUserIdByUsername(db: RequestDb, discordUsername: string): Promise<number | undefined> {
  const row = await db.one<{ id: number }>(
    'select id from public.users where lower(discord_username) = lower($1::text)',
    [discordUsername],
  );
  return row?.id;
}
