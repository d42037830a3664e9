import type { Context } from 'hono';
import type { RequestDb } from './database.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './http-error.ts';

// Failed logins (and failed reset codes) are counted per username and per client address
// over a sliding window; past the limit the next try gets 429 until the oldest failure ages out.
const WINDOW_SECONDS = 15 * 60;
const LIMITS = { user: 5, client: 20 } as const;

export interface ThrottleKeys {
  user: string;
  client: string | null;
}

// Per username, password guesses (login, change password) and reset-code guesses are counted
// apart, so a member who locked themselves out by guessing can still redeem the code the admin
// gave them. The per-client count is shared by both: it caps one address's guessing overall.
// The username's key is private.member_throttle_key's, the one a password reset clears.
export type ThrottleScope = 'login' | 'reset-code';

export async function throttleKeys(
  c: Context<AppEnv>,
  db: RequestDb,
  discordUsername: string,
  scope: ThrottleScope = 'login',
): Promise<ThrottleKeys> {
  const [row] = await db.asOwner<{ key: string }>(
    'select private.member_throttle_key($1::text, $2::text) as key',
    [scope, discordUsername],
  );
  const clientAddress = c.get('options').clientAddress(c);
  return { user: row!.key, client: clientAddress ? `client:${clientAddress}` : null };
}

// Checking, verifying and recording a failure must be one step per key: without this lock,
// concurrent guesses all read the count before any of them is recorded, and a burst of
// requests gets far more than the limit. The lock lasts until the request's transaction ends;
// keys are taken in one order so two requests never wait on each other crosswise.
async function lockKeys(db: RequestDb, keys: ThrottleKeys): Promise<void> {
  const ordered = [keys.user, keys.client].filter((key): key is string => Boolean(key)).sort();
  for (const key of ordered) {
    await db.asOwner(`select pg_advisory_xact_lock(hashtextextended('fc-throttle:' || $1::text, 0))`, [key]);
  }
}

export async function assertNotThrottled(db: RequestDb, keys: ThrottleKeys): Promise<void> {
  await lockKeys(db, keys);
  const rows = await db.asOwner<{ throttle_key: string; failures: number; retry_after: number }>(
    `select throttle_key, count(*)::integer as failures,
            greatest(1, ceil(extract(epoch from
              min(failed_at) + make_interval(secs => $3::integer) - now())))::integer as retry_after
       from private.login_failures
      where throttle_key in ($1::text, $2::text)
        and failed_at > now() - make_interval(secs => $3::integer)
      group by throttle_key`,
    [keys.user, keys.client ?? '', WINDOW_SECONDS],
  );
  for (const row of rows) {
    const limit = row.throttle_key.startsWith('client:') ? LIMITS.client : LIMITS.user;
    if (row.failures >= limit) {
      const minutes = Math.ceil(row.retry_after / 60);
      throw new HttpError(
        429,
        `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { 'Retry-After': String(row.retry_after) },
      );
    }
  }
}

export async function recordFailure(db: RequestDb, keys: ThrottleKeys): Promise<void> {
  await db.asOwner(`delete from private.login_failures where failed_at < now() - interval '1 day'`);
  await db.asOwner(
    `insert into private.login_failures (throttle_key)
     select key from unnest(array[$1::text, $2::text]) as key where key <> ''`,
    [keys.user, keys.client ?? ''],
  );
}

export async function clearFailures(db: RequestDb, keys: ThrottleKeys): Promise<void> {
  await db.asOwner('delete from private.login_failures where throttle_key = $1::text', [keys.user]);
}
