import type { Context } from 'hono';
import type { RequestDb } from './database.ts';
import type { AppEnv } from './env.ts';

// Throttles live in the database (migration 20261124000200): the limits in
// private.throttle_limits, which the owner may change, the counts beside them, so they hold across
// edge isolates and hosts. A refusal is SQLSTATE PT429 with the seconds to wait in its HINT; the
// error handler answers 429 with Retry-After (http-error.ts).

// Failed logins (and failed reset codes) are counted per (username, client), per username and
// per client over a sliding window. The pair's limit is low and the username's high, so that an
// attacker elsewhere cannot lock the owner out of their account: their own address has its own
// count, which their successful login clears.
export interface ThrottleKeys {
  scope: ThrottleScope;
  // private.member_throttle_key's, the key a password reset clears.
  name: string;
  // '' when the host does not know the caller's address.
  client: string;
}

// Per username, password guesses (login, change password) and reset-code guesses are counted
// apart, so a member who locked themselves out by guessing can still redeem the code the admin
// gave them. The per-client count is shared by both: it caps one address's guessing overall.
export type ThrottleScope = 'login' | 'reset-code';

export function clientAddress(c: Context<AppEnv>): string {
  return c.get('options').clientAddress(c) ?? '';
}

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
  return { scope, name: row!.key, client: clientAddress(c) };
}

// Refuses (429) while any of the three counts is full. Takes the per-key locks, which last until
// the transaction ends: checking, verifying and recording a failure are then one step.
export async function assertNotThrottled(db: RequestDb, keys: ThrottleKeys): Promise<void> {
  await db.asOwner('select private.check_failures($1::text, $2::text, $3::text)', [
    keys.scope,
    keys.name,
    keys.client,
  ]);
}

export async function recordFailure(db: RequestDb, keys: ThrottleKeys): Promise<void> {
  await db.asOwner('insert into private.login_failures (throttle_key, client) values ($1::text, $2::text)', [
    keys.name,
    keys.client,
  ]);
}

// A success from this client forgets this client's failures for the username; what others
// (elsewhere) got wrong still counts towards the username's ceiling.
export async function clearFailures(db: RequestDb, keys: ThrottleKeys): Promise<void> {
  await db.asOwner('delete from private.login_failures where throttle_key = $1::text and client = $2::text', [
    keys.name,
    keys.client,
  ]);
}

// What one caller may do only so often (registration): counted, or refused (429), under the
// throttle's lock, as part of the transaction `db` belongs to. `message` has one %s: the wait.
export async function takeThrottle(db: RequestDb, limit: string, subject: string, message: string): Promise<void> {
  await db.asOwner('select private.take_throttle($1::text, $2::text, $3::text)', [limit, subject, message]);
}
