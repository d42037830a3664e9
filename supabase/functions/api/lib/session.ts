import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

import type { RequestDb } from './database.ts';

const SESSION_COOKIE = 'fc_session';
// Readable by the page, and holding nothing secret: it only tells the PWA that a session
// cookie exists, so a visitor's first paint skips a current-user call bound to answer 401.
const SESSION_HINT_COOKIE = 'fc_signed_in';
const SESSION_DAYS = 30;
// Live sessions one member may hold (phones, laptops, a shared computer); a new one ends the oldest.
const MAX_SESSIONS_PER_MEMBER = 10;

export type SessionTransport = 'cookie' | 'bearer';

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// 256 random bits; only its SHA-256 is stored, so a leaked table opens no session.
export function newSecret(byteLength = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// What a token the api issued looks like (session and device tokens alike): anything else is
// not looked up.
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

// Either transport is accepted on every request, so one client works on every host.
export function readSessionToken(c: Context): string | null {
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/)?.[1];
  if (bearer && TOKEN_SHAPE.test(bearer)) return bearer;
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie && TOKEN_SHAPE.test(cookie) ? cookie : null;
}

// A session cookie or its hint on the request: someone may be signed in on this browser. What
// the PWA's mayHaveSession() reads from document.cookie, read by the host from the request.
export function mayCarrySession(c: Context): boolean {
  return Boolean(getCookie(c, SESSION_COOKIE) || getCookie(c, SESSION_HINT_COOKIE) || c.req.header('authorization'));
}

export function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

export async function findSessionUser(
  db: RequestDb,
  token: string,
): Promise<{ userId: number; discordUsername: string; language: string | null } | null> {
  const [row] = await findSessionsByHash(db, [await sha256Hex(token)]);
  return row ? { userId: row.userId, discordUsername: row.discordUsername, language: row.language } : null;
}

// The live sessions among these token hashes, in one statement: a member's open chat streams,
// each holding the session it was opened with, are checked together (routes/ride-chat-stream.ts).
export async function findSessionsByHash(
  db: RequestDb,
  tokenHashes: string[],
): Promise<{ tokenHash: string; userId: number; discordUsername: string; language: string | null }[]> {
  const rows = await db.asOwner<{
    token_hash: string;
    user_id: number;
    discord_username: string;
    language: string | null;
  }>(
    `select s.token_hash, s.user_id, u.discord_username, u.language
       from private.sessions s join public.users u on u.id = s.user_id
      where s.token_hash = any($1::text[]) and s.expires_at > now()`,
    [tokenHashes],
  );
  return rows.map((row) => ({
    tokenHash: row.token_hash,
    userId: row.user_id,
    discordUsername: row.discord_username,
    language: row.language,
  }));
}

export async function startSession(c: Context, db: RequestDb, userId: number): Promise<string> {
  const token = newSecret();
  // The lock makes concurrent logins of one member trim in turn: each sees the others' sessions.
  await db.asOwner(`select pg_advisory_xact_lock(hashtextextended('fc-sessions:' || $1::text, 0))`, [String(userId)]);
  await db.asOwner(
    // clock_timestamp, taken under the lock: the newest session is always this one, even when
    // a login that started earlier got the lock later.
    `insert into private.sessions (token_hash, user_id, created_at, expires_at)
     values ($1::text, $2::integer, clock_timestamp(), now() + make_interval(days => $3::integer))`,
    [await sha256Hex(token), userId, SESSION_DAYS],
  );
  await db.asOwner(
    `delete from private.sessions where token_hash in (
       select token_hash from private.sessions where user_id = $1::integer
        order by created_at desc, token_hash offset $2::integer)`,
    [userId, MAX_SESSIONS_PER_MEMBER],
  );
  // Logins and registrations are what add rows; they also take out what has expired (a few
  // bounded, indexed deletes), so no host needs a scheduled job.
  await db.asOwner('select private.purge_expired()');
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
  setCookie(c, SESSION_HINT_COOKIE, '1', {
    path: '/',
    sameSite: 'Lax',
    secure: isHttps(c),
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
  return token;
}

// Ends the session of this token, if any, and leaves the cookies alone (a new session is about
// to replace them, or endSession clears them).
export async function dropSession(db: RequestDb, token: string | null): Promise<void> {
  if (token) {
    await db.asOwner('delete from private.sessions where token_hash = $1::text', [await sha256Hex(token)]);
  }
}

export async function endSession(c: Context, db: RequestDb, token: string | null): Promise<void> {
  await dropSession(db, token);
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c) });
  deleteCookie(c, SESSION_HINT_COOKIE, { path: '/', secure: isHttps(c) });
}
