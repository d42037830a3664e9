import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

import type { RequestDb } from './database.ts';
import { isHttps, newSecret, sha256Hex, TOKEN_SHAPE } from './session.ts';

// Devices a member has logged in from (ADR 0018): each successful login (and registration) gives
// the browser a new random device token, and the database keeps only its SHA-256 beside the
// member. A login that presents a live token of that member is never refused by the username's
// failure count (throttle.ts), which anyone can fill; only unknown devices are.
// With cookie sessions the token is an HttpOnly cookie; on the bearer transport (hosted Supabase
// drops Set-Cookie) the answer carries it as `deviceToken` and the PWA sends it back in the body
// of the requests that check a password.
const DEVICE_COOKIE = 'fc_device';
const DEVICE_DAYS = 180;
// One phone, a laptop, a shared computer, browsers reinstalled: the newest ones are kept.
const MAX_DEVICES_PER_MEMBER = 20;

// The device token this request presents: the body's (bearer transport) or the cookie's.
export function presentedDeviceToken(c: Context, fromBody: string | undefined): string | null {
  const token = fromBody ?? getCookie(c, DEVICE_COOKIE);
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

// Remembers this device for the member under a new token, in place of the one it presented, and
// returns the new token. The member's oldest devices beyond the cap, and a few expired rows of
// anyone's, go.
export async function rememberDevice(
  c: Context,
  db: RequestDb,
  userId: number,
  presented: string | null,
): Promise<string> {
  const token = newSecret();
  await db.asOwner(`select pg_advisory_xact_lock(hashtextextended('fc-devices:' || $1::text, 0))`, [String(userId)]);
  if (presented) {
    await db.asOwner('delete from private.login_devices where token_hash = $1::text and user_id = $2::integer', [
      await sha256Hex(presented),
      userId,
    ]);
  }
  await db.asOwner(
    `insert into private.login_devices (token_hash, user_id, created_at, expires_at)
     values ($1::text, $2::integer, clock_timestamp(), now() + make_interval(days => $3::integer))`,
    [await sha256Hex(token), userId, DEVICE_DAYS],
  );
  await db.asOwner(
    `delete from private.login_devices where token_hash in (
       select token_hash from private.login_devices where user_id = $1::integer
        order by created_at desc, token_hash offset $2::integer)`,
    [userId, MAX_DEVICES_PER_MEMBER],
  );
  await db.asOwner(
    `delete from private.login_devices where token_hash in (
       select token_hash from private.login_devices where expires_at < now()
        order by expires_at limit 100 for update skip locked)`,
  );
  setCookie(c, DEVICE_COOKIE, token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c),
    maxAge: DEVICE_DAYS * 24 * 60 * 60,
  });
  return token;
}
