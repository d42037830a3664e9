// The device token on the bearer transport (ADR 0018): a login or register answer's `deviceToken`
// is kept in localStorage (it must outlive the tab), kept out of the user object, and sent back in
// the body of every request that checks a password, so strangers filling the per-username failure
// cap cannot lock the member out on this browser. With cookies the server sends none.
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { api, forgetSession } from '../../lib/api-client';
import { DEVICE_TOKEN_STORAGE_KEY } from '../../lib/device-token';
import { clearSessionToken, getSessionToken } from '../../lib/session-token';
import { testUser } from '../../testing/render';
import { pathsOf, recordRequests, type SentRequest } from '../../testing/requests';
import { server } from '../../testing/server';
import { completePasswordReset } from './api/complete-password-reset';
import { login } from './api/login';

const SESSION = 'S'.repeat(43);
const DEVICE = 'D'.repeat(20) + '-_' + 'e4'.repeat(10) + 'q';
const NEXT_DEVICE = 'N'.repeat(43);

function bodyOf(request: SentRequest | undefined): Record<string, unknown> {
  return request?.body as Record<string, unknown>;
}

const loginAnswers = (body: object) => http.post('*/api/login', () => HttpResponse.json(body));

beforeEach(() => {
  clearSessionToken();
  sessionStorage.clear();
  localStorage.clear();
});

describe('device token', () => {
  it('keeps it from a login answer in localStorage, out of the user, and apart from the session', async () => {
    server.use(loginAnswers({ ...testUser(), token: SESSION, deviceToken: DEVICE }));
    const user = await login({ discordUsername: 'alice_sg', password: 'x' });
    expect(user).toEqual(testUser());
    expect(localStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBe(DEVICE);
    expect(getSessionToken()).toBe(SESSION);
    expect(sessionStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('sends it back with the login and the reset code, and takes the new one', async () => {
    localStorage.setItem(DEVICE_TOKEN_STORAGE_KEY, DEVICE);
    server.use(
      loginAnswers({ ...testUser(), token: SESSION, deviceToken: NEXT_DEVICE }),
      http.post('*/api/complete-password-reset', () => HttpResponse.json({ message: 'ok' })),
    );
    const sent = recordRequests();
    await completePasswordReset({ discordUsername: 'alice_sg', code: 'ABCD-EFGH-IJKL', newPassword: 'long-enough-1' });
    await login({ discordUsername: 'alice_sg', password: 'x' });
    expect(pathsOf(sent)).toEqual(['/api/complete-password-reset', '/api/login']);
    const bodies = sent.map(bodyOf);
    for (const body of bodies) expect(body.deviceToken).toBe(DEVICE);
    expect(bodies[1]).toEqual({ discordUsername: 'alice_sg', password: 'x', deviceToken: DEVICE });
    // Rotated at the login.
    expect(localStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBe(NEXT_DEVICE);
  });

  it('outlives a logout: the browser stays one the member logged in from', async () => {
    localStorage.setItem(DEVICE_TOKEN_STORAGE_KEY, DEVICE);
    forgetSession();
    server.use(loginAnswers({ ...testUser() }));
    const sent = recordRequests();
    await login({ discordUsername: 'alice_sg', password: 'x' });
    expect(bodyOf(sent[0]).deviceToken).toBe(DEVICE);
  });

  it('sends none when it has none (cookie servers), and keeps nothing not shaped like a token', async () => {
    server.use(loginAnswers({ ...testUser(), deviceToken: 'not a token!' }));
    const sent = recordRequests();
    const user = await api.post<Record<string, unknown>>('/api/login', { discordUsername: 'alice_sg', password: 'x' });
    expect(bodyOf(sent[0])).toEqual({ discordUsername: 'alice_sg', password: 'x' });
    expect(localStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBeNull();
    expect(user.deviceToken).toBe('not a token!');
    await login({ discordUsername: 'alice_sg', password: 'x' });
    expect(bodyOf(sent[1])).not.toHaveProperty('deviceToken');
  });
});
