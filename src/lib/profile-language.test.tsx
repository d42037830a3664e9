import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { testUser } from '../testing/render';
import { recordRequests } from '../testing/requests';
import { server } from '../testing/server';
import { authKeys, saveProfileLanguage, useSignedIn, useUser } from './auth';
import { i18n } from './i18n/i18n';
import { INTL_LOCALES } from './i18n/languages';
import { createQueryClient } from './query-client';
import { clearSessionToken } from './session-token';

function wrapperFor(client = createQueryClient()) {
  return {
    client,
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  };
}

afterEach(() => {
  document.cookie = 'fc_signed_in=; path=/; max-age=0';
  clearSessionToken();
  localStorage.clear();
  i18n.loadAndActivate({ locale: 'en', locales: INTL_LOCALES.en, messages: {} });
});

describe("the member's language follows their profile", () => {
  it('when the session loads with a language that is not the device’s', async () => {
    document.cookie = 'fc_signed_in=1; path=/';
    server.use(http.get('*/api/auth/me', () => HttpResponse.json(testUser({ language: 'ms' }))));
    const { wrapper } = wrapperFor();
    const { result } = renderHook(() => useUser(), { wrapper });
    await waitFor(() => expect(result.current.data?.language).toBe('ms'));
    await waitFor(() => expect(i18n.locale).toBe('ms'));
  });

  it('when the member signs in; a profile without one leaves the device as it is', async () => {
    const { wrapper } = wrapperFor();
    const { result } = renderHook(() => useSignedIn(), { wrapper });
    act(() => result.current(testUser({ language: null })));
    expect(i18n.locale).toBe('en');
    act(() => result.current(testUser({ language: 'zh' })));
    await waitFor(() => expect(i18n.locale).toBe('zh'));
  });

  it('saves a choice to the profile of the member signed in, and nothing for a visitor', async () => {
    server.use(http.patch('*/api/users/:id', () => HttpResponse.json(testUser({ language: 'zh' }))));
    const sent = recordRequests();
    const visitor = createQueryClient();
    visitor.setQueryData(authKeys.me, null);
    await saveProfileLanguage(visitor, 'zh');
    expect(sent).toEqual([]);

    const member = createQueryClient();
    member.setQueryData(authKeys.me, testUser({ language: 'en' }));
    await saveProfileLanguage(member, 'zh');
    expect(sent).toHaveLength(1);
    expect(member.getQueryData(authKeys.me)).toMatchObject({ language: 'zh' });
  });
});
