import type { OwnUser } from '../../_shared/schemas/auth-response.ts';
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
// Where the member stands as a vendor, and whether they are the admin, are worked out beside it
// (lib/respond-user.ts).
type UserRow = Omit<OwnUser, 'vendorStatus' | 'isAdmin'>;

export async function readUser(db: RequestDb, userId: number): Promise<UserRow | undefined> {
  const row = await db.one<{ user: UserRow }>(
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
