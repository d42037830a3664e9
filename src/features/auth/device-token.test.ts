// The device token on the bearer transport (ADR 0018): a login or register answer's `deviceToken`
// is kept in localStorage (it must outlive the tab), kept out of the user object, and sent back in
// the body of every request that checks a password, so strangers filling the per-username failure
// cap cannot lock the member out on this browser. With cookies the server sends none.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { api, forgetSession } from '../../lib/api-client';
import { DEVICE_TOKEN_STORAGE_KEY } from '../../lib/device-token';
import { clearSessionToken, getSessionToken } from '../../lib/session-token';
import { jsonResponse, stubFetch, testUser } from '../../testing/render';
import { completePasswordReset } from './api/complete-password-reset';
import { login } from './api/login';

const SESSION = 'S'.repeat(43);
const DEVICE = 'D'.repeat(20) + '-_' + 'e4'.repeat(10) + 'q';
const NEXT_DEVICE = 'N'.repeat(43);

function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

beforeEach(() => {
  clearSessionToken();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('device token', () => {
  it('keeps it from a login answer in localStorage, out of the user, and apart from the session', async () => {
    stubFetch(() => jsonResponse({ ...testUser(), token: SESSION, deviceToken: DEVICE }));
    const user = await login({ discordUsername: 'alice_sg', password: 'x' });
    expect(user).toEqual(testUser());
    expect(localStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBe(DEVICE);
    expect(getSessionToken()).toBe(SESSION);
    expect(sessionStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('sends it back with the login and the reset code, and takes the new one', async () => {
    localStorage.setItem(DEVICE_TOKEN_STORAGE_KEY, DEVICE);
    const fetchMock = stubFetch((url) =>
      url === '/api/login'
        ? jsonResponse({ ...testUser(), token: SESSION, deviceToken: NEXT_DEVICE })
        : jsonResponse({ message: 'ok' }),
    );
    await completePasswordReset({ discordUsername: 'alice_sg', code: 'ABCD-EFGH-IJKL', newPassword: 'long-enough-1' });
    await login({ discordUsername: 'alice_sg', password: 'x' });
    const bodies = fetchMock.mock.calls.map(([, init]) => bodyOf(init));
    for (const body of bodies) expect(body.deviceToken).toBe(DEVICE);
    expect(bodies[1]).toEqual({ discordUsername: 'alice_sg', password: 'x', deviceToken: DEVICE });
    // Rotated at the login.
    expect(localStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBe(NEXT_DEVICE);
  });

  it('outlives a logout: the browser stays one the member logged in from', async () => {
    localStorage.setItem(DEVICE_TOKEN_STORAGE_KEY, DEVICE);
    forgetSession();
    const fetchMock = stubFetch(() => jsonResponse({ ...testUser() }));
    await login({ discordUsername: 'alice_sg', password: 'x' });
    expect(bodyOf(fetchMock.mock.calls[0]![1]).deviceToken).toBe(DEVICE);
  });

  it('sends none when it has none (cookie servers), and keeps nothing not shaped like a token', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ...testUser(), deviceToken: 'not a token!' }));
    const user = await api.post<Record<string, unknown>>('/api/login', { discordUsername: 'alice_sg', password: 'x' });
    expect(bodyOf(fetchMock.mock.calls[0]![1])).toEqual({ discordUsername: 'alice_sg', password: 'x' });
    expect(localStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBeNull();
    expect(user.deviceToken).toBe('not a token!');
    await login({ discordUsername: 'alice_sg', password: 'x' });
    expect(bodyOf(fetchMock.mock.calls[1]![1])).not.toHaveProperty('deviceToken');
  });
});
