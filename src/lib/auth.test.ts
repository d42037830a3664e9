import { QueryClientProvider } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  type PersistQueryClientOptions,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { testUser } from '../testing/render';
import { recordRequests } from '../testing/requests';
import { server } from '../testing/server';
import { authKeys, fetchCurrentUser, forgetSignedInMember, useUser } from './auth';
import { createQueryClient } from './query-client';
import { lastSeenPersistOptions } from './query-persister';
import { clearSessionToken } from './session-token';

// The current-user call answered as given; what was asked is recorded.
function answerMe(status: number, body: object) {
  server.use(http.get('*/api/auth/me', () => HttpResponse.json(body, { status })));
  return recordRequests();
}

describe('fetchCurrentUser', () => {
  afterEach(() => {
    document.cookie = 'fc_signed_in=; path=/; max-age=0';
    clearSessionToken();
  });

  it('asks nobody when there is neither a session hint cookie nor a bearer token', async () => {
    const sent = answerMe(200, testUser({ id: 1 }));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(sent).toEqual([]);
  });

  it('reads the current user when the session hint cookie is there', async () => {
    document.cookie = 'fc_signed_in=1; path=/';
    const sent = answerMe(200, testUser({ id: 3, discordUsername: 'mei' }));
    await expect(fetchCurrentUser()).resolves.toMatchObject({ id: 3 });
    expect(sent).toEqual([expect.objectContaining({ path: '/api/auth/me', credentials: 'include' })]);
  });

  it('turns a 401 into nobody, as SPEC §7 says', async () => {
    document.cookie = 'fc_signed_in=1; path=/';
    answerMe(401, { message: 'Not logged in' });
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });
});

describe('useUser', () => {
  afterEach(() => {
    document.cookie = 'fc_signed_in=; path=/; max-age=0';
  });

  const renderUseUser = () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    return renderHook(() => useUser(), { wrapper });
  };

  // The visitor's promo is then on the first paint, not pushed in above the rides a moment later.
  it('knows a visitor with no session hint is nobody on the first render, without a call', () => {
    const sent = answerMe(200, testUser({ id: 1 }));
    const { result } = renderUseUser();
    expect(result.current.isPending).toBe(false);
    expect(result.current.data).toBeNull();
    expect(sent).toEqual([]);
  });

  it('waits for the session where one may exist', async () => {
    document.cookie = 'fc_signed_in=1; path=/';
    answerMe(200, testUser({ id: 3, discordUsername: 'mei' }));
    const { result } = renderUseUser();
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data).toMatchObject({ id: 3 }));
  });
});

describe('forgetSignedInMember and the saved copy', () => {
  it('never saves the member signed in without their data, which a reload would start as', () => {
    const queryClient = createQueryClient();
    const saves: PersistedClient[] = [];
    const persister: Persister = {
      persistClient: (client) => void saves.push(structuredClone(client)),
      restoreClient: () => undefined,
      removeClient: () => undefined,
    };
    queryClient.setQueryData(authKeys.me, { id: 9, discordUsername: 'mei' });
    queryClient.setQueryData(['rides', 'joined'], [{ id: 4 }]);
    const unsubscribe = persistQueryClientSubscribe({
      // The persist package brings its own copy of query-core's types (as persisted-query-provider).
      queryClient: queryClient as unknown as PersistQueryClientOptions['queryClient'],
      ...lastSeenPersistOptions(persister, 'v1'),
    });

    forgetSignedInMember(queryClient);
    queryClient.setQueryData(['rides', 'list'], []);
    unsubscribe();

    const signedIn = (client: PersistedClient) =>
      client.clientState.queries.find((query) => query.queryKey[0] === 'auth')?.state.data ?? null;
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.map(signedIn)).toEqual(saves.map(() => null));
    expect(saves.at(-1)!.clientState.queries.map((query) => query.queryKey)).toEqual([
      ['auth', 'me'],
      ['rides', 'list'],
    ]);
  });
});
