// The bearer session token, for servers that hand one out (SESSION_TRANSPORT=bearer: hosted
// Supabase, whose function gateway drops Set-Cookie). Kept in memory and in this tab's
// sessionStorage, so a reload stays signed in: never in localStorage (outlives the tab), a
// cookie (would ride along to other sites) or anything the service worker can read (it has no
// sessionStorage). In cookie mode the server sends no token and none is ever stored.

export const SESSION_TOKEN_STORAGE_KEY = 'fc-rideshare:session-token';
// What the api accepts in `Authorization: Bearer`: 256 random bits, base64url.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

// undefined: sessionStorage not read yet.
let current: string | null | undefined;

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage blocked (privacy settings): the token lives in memory until the tab closes.
    return null;
  }
}

export function isSessionToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}

export function getSessionToken(): string | null {
  if (current === undefined) {
    let stored: string | null;
    try {
      stored = tabStorage()?.getItem(SESSION_TOKEN_STORAGE_KEY) ?? null;
    } catch {
      stored = null;
    }
    current = isSessionToken(stored) ? stored : null;
  }
  return current;
}

export function setSessionToken(token: string | null): void {
  current = isSessionToken(token) ? token : null;
  try {
    const storage = tabStorage();
    if (current) storage?.setItem(SESSION_TOKEN_STORAGE_KEY, current);
    else storage?.removeItem(SESSION_TOKEN_STORAGE_KEY);
  } catch {
    // Quota or privacy mode: memory still holds it for this page.
  }
}

export function clearSessionToken(): void {
  setSessionToken(null);
}
