// Bearer sessions in the PWA (SESSION_TRANSPORT=bearer on hosted Supabase): the token from a
// login/register answer is kept in memory and this tab's sessionStorage, sent as
// `Authorization: Bearer` to our api only, kept out of the query cache, and dropped on logout
// and on any 401. With cookie sessions nothing of this happens.
import { CURRENT_POLICIES } from '@shared/policies.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
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
import { testUser } from '../../testing/render';
import { pathsOf, recordRequests, type SentRequest } from '../../testing/requests';
import { server } from '../../testing/server';
import { useLogin } from './api/login';
import { useRegister } from './api/register';

const TOKEN = 'A'.repeat(20) + '-_' + 'b9'.repeat(10) + 'x';
const OTHER_TOKEN = 'Z'.repeat(43);

// The headers the PWA set, lower-cased as any server reads them; the cookie jar's header (which
// MSW adds for credentials: 'include', as a browser would) is the browser's, not the PWA's.
function headersOf(request: SentRequest | undefined): Record<string, string> {
  const { cookie: _cookie, ...set } = Object.fromEntries(request?.headers ?? []);
  return set;
}

// GET /api/rides is not a call the PWA makes; these tests use it as "any later call".
const anyCall = (body: object = []) => http.all('*/api/rides', () => HttpResponse.json(body));

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
    server.use(anyCall());
    const sent = recordRequests();
    await expect(api.post('/api/login', { discordUsername: 'alice_sg', password: 'x' })).resolves.toEqual(testUser());
    await api.get('/api/rides');
    expect(getSessionToken()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(sent[1]).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(headersOf(sent[1])).toEqual({});
  });
});

describe('apiRequest with bearer sessions', () => {
  it('keeps the token from a login answer, hands back the user without it, and sends it on every call', async () => {
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ ...testUser(), token: TOKEN })),
      http.all('*', () => HttpResponse.json({ ok: true })),
    );
    const sent = recordRequests();
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
    expect(sent).toHaveLength(5);
    for (const request of sent.slice(1)) {
      expect(headersOf(request).authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.credentials).toBe('include');
    }
    expect(headersOf(sent[2])['content-type']).toBe('application/json');
  });

  it('takes a new token from a later login (rotation) and register answers too', async () => {
    setSessionToken(TOKEN);
    server.use(
      http.post('*/api/register', () => HttpResponse.json({ ...testUser(), token: OTHER_TOKEN }, { status: 201 })),
    );
    const user = await api.post('/api/register', { discordUsername: 'bob', password: 'long-enough' });
    expect(user).not.toHaveProperty('token');
    expect(getSessionToken()).toBe(OTHER_TOKEN);
  });

  it('drops the token on any 401, and sends none after it', async () => {
    setSessionToken(TOKEN);
    server.use(
      http.post('*/api/rides/1/join', () =>
        HttpResponse.json({ message: 'You must be logged in to join a ride' }, { status: 401 }),
      ),
      anyCall(),
    );
    const sent = recordRequests();
    await expect(api.post('/api/rides/1/join', {})).rejects.toMatchObject({ status: 401 });
    expect(getSessionToken()).toBeNull();
    expect(sessionStorage.getItem(SESSION_TOKEN_STORAGE_KEY)).toBeNull();
    await api.get('/api/rides');
    expect(pathsOf(sent)).toEqual(['/api/rides/1/join', '/api/rides']);
    expect(headersOf(sent[1])).toEqual({});
  });

  it('keeps the token through other errors (400, 403, 500) and network failures', async () => {
    setSessionToken(TOKEN);
    for (const status of [400, 403, 409, 500]) {
      server.use(http.all('*', () => HttpResponse.json({ message: 'no' }, { status })));
      await expect(api.post('/api/rides', {})).rejects.toMatchObject({ status });
    }
    server.use(http.all('*', () => HttpResponse.error()));
    await expect(api.get('/api/rides')).rejects.toMatchObject({ status: 0 });
    expect(getSessionToken()).toBe(TOKEN);
  });

  it('never sends the token to another origin', async () => {
    setSessionToken(TOKEN);
    const evil = () => HttpResponse.json({ token: OTHER_TOKEN });
    // jsdom's page is on http, so the protocol-relative URL goes to http.
    server.use(http.get('https://evil.example/api/rides', evil), http.get('http://evil.example/api/rides', evil));
    const sent = recordRequests();
    await apiRequest('GET', 'https://evil.example/api/rides');
    await apiRequest('GET', '//evil.example/api/rides');
    expect(sent.map((request) => request.url.href)).toEqual([
      'https://evil.example/api/rides',
      'http://evil.example/api/rides',
    ]);
    for (const request of sent) expect(headersOf(request).authorization).toBeUndefined();
    // Nor does another origin's answer plant a token.
    expect(getSessionToken()).toBe(TOKEN);
  });

  it('leaves a token-less answer alone, and an array or a null body too', async () => {
    setSessionToken(TOKEN);
    server.use(
      http.get('*/api/list', () => HttpResponse.json([{ token: OTHER_TOKEN }])),
      http.delete('*/api/rides/1', () => new HttpResponse(null, { status: 204 })),
    );
    await expect(api.get('/api/list')).resolves.toEqual([{ token: OTHER_TOKEN }]);
    await expect(api.delete('/api/rides/1')).resolves.toBeNull();
    expect(getSessionToken()).toBe(TOKEN);
  });

  it('sends the token to the API_BASE from VITE_API_URL (the api on another origin)', async () => {
    vi.stubEnv('VITE_API_URL', 'https://project.supabase.co/functions/v1/');
    vi.resetModules();
    const client = await import('../../lib/api-client');
    server.use(
      http.post('https://project.supabase.co/functions/v1/api/login', () =>
        HttpResponse.json({ ...testUser(), token: TOKEN }),
      ),
      anyCall(),
    );
    const sent = recordRequests();
    await client.api.post('/api/login', { discordUsername: 'alice_sg', password: 'x' });
    await client.api.get('/api/rides');
    expect(sent.map((request) => request.url.href)).toEqual([
      'https://project.supabase.co/functions/v1/api/login',
      'https://project.supabase.co/functions/v1/api/rides',
    ]);
    expect(headersOf(sent[1]).authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent[1]?.credentials).toBe('include');
  });
});

describe('auth hooks with bearer sessions', () => {
  it('login puts the user without the token into the query cache', async () => {
    server.use(http.post('*/api/login', () => HttpResponse.json({ ...testUser(), token: TOKEN })));
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
    server.use(
      http.post('*/api/register', () => HttpResponse.json({ ...testUser({ id: 9 }), token: TOKEN }, { status: 201 })),
    );
    const { client, wrapper } = wrapperWith();
    const { result } = renderHook(() => useRegister(), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        discordUsername: 'newbie',
        password: 'secret-password',
        isVendor: false,
        acceptedPolicies: CURRENT_POLICIES,
      }),
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
    const sent = recordRequests();
    const { client, wrapper } = wrapperWith();
    client.setQueryData(authKeys.me, testUser());
    const { result } = renderHook(() => useLogout(), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(sent[0]?.path).toBe('/api/logout');
    expect(headersOf(sent[0]).authorization).toBe(`Bearer ${TOKEN}`);
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
    expect(sent[1]?.path).toBe('/api/auth/me');
    expect(headersOf(sent[1])).toEqual({});
  });

  it('a failed logout (offline) keeps the member signed in', async () => {
    setSessionToken(TOKEN);
    server.use(http.post('*/api/logout', () => HttpResponse.error()));
    const { wrapper } = wrapperWith();
    const { result } = renderHook(() => useLogout(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync()).rejects.toMatchObject({ status: 0 });
    });
    expect(getSessionToken()).toBe(TOKEN);
  });

  it('the current-user call with an expired token answers nobody and forgets the token', async () => {
    setSessionToken(TOKEN);
    server.use(http.get('*/api/auth/me', () => HttpResponse.json({ message: 'Not logged in' }, { status: 401 })));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(getSessionToken()).toBeNull();
  });
});
