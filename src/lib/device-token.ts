// The api's device token (ADR 0018), for servers that hand it out in answers (the bearer
// transport: hosted Supabase drops Set-Cookie; with cookies it is an HttpOnly cookie and the PWA
// never sees it). It marks this browser as one the member has logged in from, so that strangers
// filling the per-username failure cap cannot lock them out here. Kept in localStorage, unlike
// the session token: it must outlive the tab (a bearer session ends with it), and it opens
// nothing, as a login still needs the password.
import { isSessionToken } from './session-token';

export const DEVICE_TOKEN_STORAGE_KEY = 'fc-rideshare:device-token';

function deviceStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function getDeviceToken(): string | null {
  try {
    const stored = deviceStorage()?.getItem(DEVICE_TOKEN_STORAGE_KEY) ?? null;
    return isSessionToken(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function setDeviceToken(token: string): void {
  try {
    deviceStorage()?.setItem(DEVICE_TOKEN_STORAGE_KEY, token);
  } catch {
    // Quota or privacy mode: this browser stays an unknown device, as before.
  }
}

// The body of a request that checks a password, with this browser's device token when it has one.
export function withDeviceToken<Body extends object>(body: Body): Body & { deviceToken?: string } {
  const deviceToken = getDeviceToken();
  return deviceToken ? { ...body, deviceToken } : body;
}
