import type { Context } from 'hono';

import { addressKey, networkKey } from './address-networks.ts';
import type { RequestDb } from './database.ts';
import type { AppEnv } from './env.ts';
import { sha256Hex } from './session.ts';

// Throttles live in the database (migration 20261124000200): the limits in
// private.throttle_limits, which the owner may change, the counts beside them, so they hold across
// edge isolates and hosts. A refusal is SQLSTATE PT429 with the seconds to wait in its DETAIL
// ({"wait": seconds}) and its code in its HINT (private.refuse_throttled names it by the limit);
// the error handler answers 429 with the wait in params and Retry-After (http-error.ts).

// Failed logins (and failed reset codes) are counted per (username, client), per username and
// per client over a sliding window. The pair's limit is low and the username's high, so that an
// attacker elsewhere cannot lock the owner out of their account: their own address has its own
// count, which their successful login clears. A device the member has logged in from before
// (ADR 0018) is never refused by the username's count, which strangers can fill; it has a count
// of its own instead.
export interface ThrottleKeys {
  scope: ThrottleScope;
  // private.member_throttle_key's, the key a password reset clears.
  name: string;
  // '' when the host does not know the caller's address.
  client: string;
  // The token hash of the member's known device this came from; '' for an unknown device.
  device: string;
}

// Per username, password guesses (login, change password) and reset-code guesses are counted
// apart, so a member who locked themselves out by guessing can still redeem the code the admin
// gave them. The per-client count is shared by both: it caps one address's guessing overall.
export type ThrottleScope = 'login' | 'reset-code';

// The caller's address as the per-address limits count it (an IPv6 address by its /64), '' when
// the host does not know it.
export function clientAddress(c: Context<AppEnv>): string {
  const raw = c.get('options').clientAddress(c);
  return raw ? addressKey(raw) : '';
}

// The caller's network (an IPv4 /24, an IPv6 /64), '' when the host does not know the address.
export function clientNetwork(c: Context<AppEnv>): string {
  const raw = c.get('options').clientAddress(c);
  return raw ? networkKey(raw) : '';
}

export async function throttleKeys(
  c: Context<AppEnv>,
  db: RequestDb,
  discordUsername: string,
  scope: ThrottleScope = 'login',
  deviceToken: string | null = null,
): Promise<ThrottleKeys> {
  // A device token counts only for the member it was issued to, and only while it lives.
  const [row] = await db.asOwner<{ key: string; device: string }>(
    `select private.member_throttle_key($1::text, $2::text) as key,
            coalesce((select d.token_hash from private.login_devices d join public.users u on u.id = d.user_id
                       where d.token_hash = $3::text and lower(u.discord_username) = lower($2::text)
                         and d.expires_at > now()), '') as device`,
    [scope, discordUsername, deviceToken ? await sha256Hex(deviceToken) : ''],
  );
  return { scope, name: row!.key, client: clientAddress(c), device: row!.device };
}

// Refuses (429) while any of the counts that apply is full. Takes the per-key locks, which last until
// the transaction ends: checking, verifying and recording a failure are then one step.
export async function assertNotThrottled(db: RequestDb, keys: ThrottleKeys): Promise<void> {
  await db.asOwner('select private.check_failures($1::text, $2::text, $3::text, $4::text)', [
    keys.scope,
    keys.name,
    keys.client,
    keys.device,
  ]);
}

export async function recordFailure(db: RequestDb, keys: ThrottleKeys): Promise<void> {
  await db.asOwner(
    'insert into private.login_failures (throttle_key, client, device) values ($1::text, $2::text, $3::text)',
    [keys.name, keys.client, keys.device],
  );
}

// A success from this client forgets this client's (and this device's) failures for the
// username; what others (elsewhere) got wrong still counts towards the username's ceiling.
export async function clearFailures(db: RequestDb, keys: ThrottleKeys): Promise<void> {
  await db.asOwner(
    `delete from private.login_failures
      where throttle_key = $1::text and (client = $2::text or (device = $3::text and $3::text <> ''))`,
    [keys.name, keys.client, keys.device],
  );
}

// What one caller may do only so often (registration): counted, or refused (429), under the
// throttle's lock, as part of the transaction `db` belongs to. `message` has one %s: the wait.
export async function takeThrottle(db: RequestDb, limit: string, subject: string, message: string): Promise<void> {
  await db.asOwner('select private.take_throttle($1::text, $2::text, $3::text)', [limit, subject, message]);
}

// The same for a limit on everyone together, as a brake: past the limit, one gets through every
// window / limit seconds (private.take_brake), so a flood slows others down but never shuts them out.
export async function takeBrake(db: RequestDb, limit: string, subject: string, message: string): Promise<void> {
  await db.asOwner('select private.take_brake($1::text, $2::text, $3::text)', [limit, subject, message]);
}
