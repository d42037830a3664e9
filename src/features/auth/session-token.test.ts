// Bearer sessions in the PWA (SESSION_TRANSPORT=bearer on hosted Supabase): the token from a
// login/register answer is kept in memory and this tab's sessionStorage, sent as
// `Authorization: Bearer` to our api only, kept out of the query cache, and dropped on logout
// and on any 401. With cookie sessions nothing of this happens.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { api, apiRequest } from '../../lib/api-client';
import { authKeys, fetchCurrentUser, useLogout, withoutSessionToken } from '../../lib/auth';
import { createQueryClient } from '../../lib/query-client';
import {
  clearSessionToken,
  getSessionToken,
  SESSION_TOKEN_STORAGE_KEY,
  setSessionToken,
} from '../../lib/session-token';
import { jsonResponse, stubFetch, testUser } from '../../testing/render';
import { useLogin } from './api/login';
import { useRegister } from './api/register';

const TOKEN = 'A'.repeat(20) + '-_' + 'b9'.repeat(10) + 'x';
const OTHER_TOKEN = 'Z'.repeat(43);

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers as Record<string, string> | undefined) ?? {};
}

function wrapperWith(client = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return { client, wrapper };
}

beforeEach(() => {
  clearSessionToken();
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('session-token store', () => {
  it('keeps the token in memory and sessionStorage, never in localStorage or a cookie', () => {
    expect(getSessionToken()).toBeNull();
    setSessionToken(TOKEN);
    expect(getSessionToken()).toBe(TOKEN);
    expect(sessionStorage.getItem(SESSION_TOKEN_STORAGE_KEY)).toBe(TOKEN);
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    clearSessionToken();
    expect(getSessionToken()).toBeNull();
    expect(sessionStorage.getItem(SESSION_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('survives a reload of the page (a fresh module reads sessionStorage)', async () => {
    setSessionToken(TOKEN);
    vi.resetModules();
    const reloaded = await import('../../lib/session-token');
    expect(reloaded.getSessionToken()).toBe(TOKEN);
  });

  it('refuses anything that is not shaped like a session token', async () => {
    setSessionToken('short');
    expect(getSessionToken()).toBeNull();
    setSessionToken('has spaces in it and is long enough');
    expect(getSessionToken()).toBeNull();
    sessionStorage.setItem(SESSION_TOKEN_STORAGE_KEY, '<script>alert(1)</script>xxxxxxxx');
    vi.resetModules();
    expect((await import('../../lib/session-token')).getSessionToken()).toBeNull();
  });
});

describe('apiRequest with cookie sessions (the default)', () => {
  it('stores nothing and sends no Authorization when the answer has no token', async () => {
    const fetchMock = stubFetch((url) => (url === '/api/login' ? jsonResponse(testUser()) : jsonResponse([])));
    await expect(api.post('/api/login', { discordUsername: 'alice_sg', password: 'x' })).resolves.toEqual(testUser());
    await api.get('/api/rides');
    expect(getSessionToken()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    const [, init] = fetchMock.mock.calls[1]!;
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(init?.headers).toBeUndefined();
  });
});

describe('apiRequest with bearer sessions', () => {
  it('keeps the token from a login answer, hands back the user without it, and sends it on every call', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/login' ? jsonResponse({ ...testUser(), token: TOKEN }) : jsonResponse({ ok: true }),
    );
    const user = await api.post<Record<string, unknown>>('/api/login', { discordUsername: 'alice_sg', password: 'x' });
    expect(user).toEqual(testUser());
    expect(user).not.toHaveProperty('token');
    expect(getSessionToken()).toBe(TOKEN);
    expect(sessionStorage.getItem(SESSION_TOKEN_STORAGE_KEY)).toBe(TOKEN);
    expect(localStorage.length).toBe(0);

    await api.get('/api/rides');
    await api.post('/api/rides', { direction: 'SG->FC' });
    await api.patch('/api/users/7', { name: 'A' });
    await api.delete('/api/rides/3');
    for (const [, init] of fetchMock.mock.calls.slice(1)) {
      expect(headersOf(init).Authorization).toBe(`Bearer ${TOKEN}`);
      expect(init?.credentials).toBe('include');
    }
    expect(headersOf(fetchMock.mock.calls[2]![1])['Content-Type']).toBe('application/json');
  });

  it('takes a new token from a later login (rotation) and register answers too', async () => {
    setSessionToken(TOKEN);
    stubFetch(() => jsonResponse({ ...testUser(), token: OTHER_TOKEN }, 201));
    const user = await api.post('/api/register', { discordUsername: 'bob', password: 'long-enough' });
    expect(user).not.toHaveProperty('token');
    expect(getSessionToken()).toBe(OTHER_TOKEN);
  });

  it('drops the token on any 401, and sends none after it', async () => {
    setSessionToken(TOKEN);
    const fetchMock = stubFetch((url) =>
      url === '/api/rides/1/join'
        ? jsonResponse({ message: 'You must be logged in to join a ride' }, 401)
        : jsonResponse([]),
    );
    await expect(api.post('/api/rides/1/join', {})).rejects.toMatchObject({ status: 401 });
    expect(getSessionToken()).toBeNull();
    expect(sessionStorage.getItem(SESSION_TOKEN_STORAGE_KEY)).toBeNull();
    await api.get('/api/rides');
    expect(fetchMock.mock.calls[1]![1]?.headers).toBeUndefined();
  });

  it('keeps the token through other errors (400, 403, 500) and network failures', async () => {
    setSessionToken(TOKEN);
    for (const status of [400, 403, 409, 500]) {
      stubFetch(() => jsonResponse({ message: 'no' }, status));
      await expect(api.post('/api/rides', {})).rejects.toMatchObject({ status });
    }
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/api/rides')).rejects.toMatchObject({ status: 0 });
    expect(getSessionToken()).toBe(TOKEN);
  });

  it('never sends the token to another origin', async () => {
    setSessionToken(TOKEN);
    const fetchMock = stubFetch(() => jsonResponse({ token: OTHER_TOKEN }));
    await apiRequest('GET', 'https://evil.example/api/rides');
    await apiRequest('GET', '//evil.example/api/rides');
    for (const [, init] of fetchMock.mock.calls) expect(headersOf(init).Authorization).toBeUndefined();
    // Nor does another origin's answer plant a token.
    expect(getSessionToken()).toBe(TOKEN);
  });

  it('leaves a token-less answer alone, and an array or a null body too', async () => {
    setSessionToken(TOKEN);
    stubFetch((url) =>
      url.endsWith('/list') ? jsonResponse([{ token: OTHER_TOKEN }]) : new Response(null, { status: 204 }),
    );
    await expect(api.get('/api/list')).resolves.toEqual([{ token: OTHER_TOKEN }]);
    await expect(api.delete('/api/rides/1')).resolves.toBeNull();
    expect(getSessionToken()).toBe(TOKEN);
  });

  it('sends the token to the API_BASE from VITE_API_URL (the api on another origin)', async () => {
    vi.stubEnv('VITE_API_URL', 'https://project.supabase.co/functions/v1/');
    vi.resetModules();
    const client = await import('../../lib/api-client');
    const fetchMock = stubFetch((url) =>
      url.endsWith('/api/login') ? jsonResponse({ ...testUser(), token: TOKEN }) : jsonResponse([]),
    );
    await client.api.post('/api/login', { discordUsername: 'alice_sg', password: 'x' });
    await client.api.get('/api/rides');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'https://project.supabase.co/functions/v1/api/login',
      'https://project.supabase.co/functions/v1/api/rides',
    ]);
    expect(headersOf(fetchMock.mock.calls[1]![1]).Authorization).toBe(`Bearer ${TOKEN}`);
    expect(fetchMock.mock.calls[1]![1]?.credentials).toBe('include');
  });
});

describe('auth hooks with bearer sessions', () => {
  it('login puts the user without the token into the query cache', async () => {
    stubFetch(() => jsonResponse({ ...testUser(), token: TOKEN }));
    const { client, wrapper } = wrapperWith();
    const { result } = renderHook(() => useLogin(), { wrapper });
    await act(() => result.current.mutateAsync({ discordUsername: 'alice_sg', password: 'secret-password' }));
    expect(client.getQueryData(authKeys.me)).toEqual(testUser());
    expect(
      JSON.stringify(
        client
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toContain(TOKEN);
    expect(getSessionToken()).toBe(TOKEN);
  });

  it('register does the same', async () => {
    stubFetch(() => jsonResponse({ ...testUser({ id: 9 }), token: TOKEN }, 201));
    const { client, wrapper } = wrapperWith();
    const { result } = renderHook(() => useRegister(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ discordUsername: 'newbie', password: 'secret-password', isVendor: false }),
    );
    expect(client.getQueryData(authKeys.me)).toEqual(testUser({ id: 9 }));
    expect(getSessionToken()).toBe(TOKEN);
  });

  it('withoutSessionToken strips a token that reached it anyway', () => {
    const leaked = { ...testUser(), token: TOKEN } as ReturnType<typeof testUser>;
    expect(withoutSessionToken(leaked)).toEqual(testUser());
    expect(withoutSessionToken(testUser())).toEqual(testUser());
  });

  it('logout drops the token, and later calls carry none', async () => {
    setSessionToken(TOKEN);
    const fetchMock = stubFetch((url) =>
      url === '/api/logout' ? jsonResponse({ message: 'Logged out' }) : jsonResponse({ message: 'Not logged in' }, 401),
    );
    const { client, wrapper } = wrapperWith();
    client.setQueryData(authKeys.me, testUser());
    const { result } = renderHook(() => useLogout(), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(headersOf(fetchMock.mock.calls[0]![1]).Authorization).toBe(`Bearer ${TOKEN}`);
    expect(getSessionToken()).toBeNull();
    expect(sessionStorage.getItem(SESSION_TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(client.getQueryData(authKeys.me)).toBeNull());
    // A cookie session may still exist on this origin: the call is made, without the token.
    document.cookie = 'fc_signed_in=1; path=/';
    try {
      await expect(fetchCurrentUser()).resolves.toBeNull();
    } finally {
      document.cookie = 'fc_signed_in=; path=/; max-age=0';
    }
    expect(fetchMock.mock.calls[1]![1]?.headers).toBeUndefined();
  });

  it('a failed logout (offline) keeps the member signed in', async () => {
    setSessionToken(TOKEN);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { wrapper } = wrapperWith();
    const { result } = renderHook(() => useLogout(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync()).rejects.toMatchObject({ status: 0 });
    });
    expect(getSessionToken()).toBe(TOKEN);
  });

  it('the current-user call with an expired token answers nobody and forgets the token', async () => {
    setSessionToken(TOKEN);
    stubFetch(() => jsonResponse({ message: 'Not logged in' }, 401));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(getSessionToken()).toBeNull();
  });
});
