import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser } from './auth';
import { clearSessionToken } from './session-token';

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('fetchCurrentUser', () => {
  afterEach(() => {
    document.cookie = 'fc_signed_in=; path=/; max-age=0';
    clearSessionToken();
  });

  it('asks nobody when there is neither a session hint cookie nor a bearer token', async () => {
    const fetchMock = stubFetch(200, { id: 1 });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads the current user when the session hint cookie is there', async () => {
    document.cookie = 'fc_signed_in=1; path=/';
    const fetchMock = stubFetch(200, { id: 3, discordUsername: 'mei' });
    await expect(fetchCurrentUser()).resolves.toMatchObject({ id: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ credentials: 'include' }));
  });

  it('turns a 401 into nobody, as SPEC §7 says', async () => {
    document.cookie = 'fc_signed_in=1; path=/';
    stubFetch(401, { message: 'Not logged in' });
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });
});
