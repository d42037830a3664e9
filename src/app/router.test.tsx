import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, renderWithProviders, stubFetch, testUser } from '../testing/render';
import { PAGE_MODULES } from './page-modules';
import { AppRoutes, lazyPagePaths, preloadPage } from './router';

// The service worker prompt needs vite-plugin-pwa's virtual module, which only the build has.
vi.mock('./update-prompt', () => ({ UpdatePrompt: () => null }));

const ALICE = testUser();
const PROTECTED = ['/rides/create', '/rides/edit/3', '/rides/3/join', '/vendor', '/profile'];
const PUBLIC = ['/home', '/guide', '/bus-guide', '/rides/3'];

const path = () => screen.getByTestId('current-path').textContent;

// The current-user call, answered when the test says so; every other call stays unanswered,
// so pages stay on their own loading states and only the guards decide where we are.
function stubSession() {
  let answer: (response: Response) => void = () => {};
  const session = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  const fetchMock = stubFetch((url) => (url === '/api/auth/me' ? session : new Promise<Response>(() => {})));
  return { fetchMock, answer: (response: Response) => act(async () => answer(response)) };
}

// The hint cookie the api sets at login: without it (same-origin api) nobody is asked about.
function withSessionCookie() {
  document.cookie = 'fc_signed_in=1; path=/';
}

describe('route guards (SPEC §2, §4)', () => {
  beforeEach(() => {
    document.cookie = 'fc_signed_in=; path=/; max-age=0';
  });
  afterEach(() => {
    document.cookie = 'fc_signed_in=; path=/; max-age=0';
  });

  it.each(PROTECTED)('%s shows a spinner while the session is checked, then sends a visitor to /auth', async (route) => {
    withSessionCookie();
    const { answer, fetchMock } = stubSession();
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByText('Checking your session…')).toBeInTheDocument();
    expect(path()).toBe(route);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/me']);

    await answer(jsonResponse({ message: 'Not logged in' }, 401));
    await waitFor(() => expect(path()).toBe('/auth'));
    expect(screen.queryByText('Checking your session…')).not.toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
  });

  it.each(PROTECTED)('%s sends a visitor without a session straight to /auth', async (route) => {
    const { fetchMock } = stubSession();
    renderWithProviders(<AppRoutes />, { route });
    await waitFor(() => expect(path()).toBe('/auth'));
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/auth/me');
  });

  it.each(PROTECTED)('%s opens for a member once the session is confirmed', async (route) => {
    withSessionCookie();
    const { answer } = stubSession();
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByText('Checking your session…')).toBeInTheDocument();
    await answer(jsonResponse(ALICE));
    await waitFor(() => expect(screen.queryByText('Checking your session…')).not.toBeInTheDocument());
    expect(path()).toBe(route);
  });

  it.each(PUBLIC)('%s stays open to a visitor', async (route) => {
    stubSession();
    renderWithProviders(<AppRoutes />, { route, user: null });
    // Nobody is logged in and that is known: a guard would have redirected on the first render.
    await act(async () => {});
    expect(path()).toBe(route);
    expect(screen.queryByText('Checking your session…')).not.toBeInTheDocument();
  });

  it('checks a saved "nobody" again before sending anyone to /auth', async () => {
    withSessionCookie();
    const { answer } = stubSession();
    // As the app does after restoring its saved copy: every query is read again on mount.
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, refetchOnMount: 'always' } });
    renderWithProviders(<AppRoutes />, { route: '/profile', user: null, queryClient });
    expect(await screen.findByText('Checking your session…')).toBeInTheDocument();
    expect(path()).toBe('/profile');
    await answer(jsonResponse(ALICE));
    await waitFor(() => expect(screen.queryByText('Checking your session…')).not.toBeInTheDocument());
    expect(path()).toBe('/profile');
  });

  it('sends a member who logs in on /auth back to the page that sent them there', async () => {
    const fetchMock = stubFetch((url) => (url === '/api/login' ? jsonResponse(ALICE) : new Promise<Response>(() => {})));
    const { user } = renderWithProviders(<AppRoutes />, { route: '/rides/3/join' });
    await waitFor(() => expect(path()).toBe('/auth'));
    await user.type(await screen.findByLabelText('Discord username'), 'alice_sg');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(path()).toBe('/rides/3/join'));
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/login');
  });

  it('sends a member away from /auth, home when nothing sent them there', async () => {
    stubSession();
    renderWithProviders(<AppRoutes />, { route: '/auth', user: ALICE });
    await waitFor(() => expect(path()).toBe('/home'));
  });
});

describe('preloading the page being opened', () => {
  // The build preloads PAGE_MODULES' files for these paths; main.tsx waits for the same pages.
  it.each(PAGE_MODULES.map(({ path }) => path.replace(/:id/g, '3')))('%s has a page in its own chunk to load first', async (path) => {
    const loading = preloadPage(path);
    expect(loading).not.toBeNull();
    await expect(loading).resolves.toBeUndefined();
  });

  it('lists every route whose page is in a chunk of its own, and only those', () => {
    expect(new Set(lazyPagePaths())).toEqual(new Set(PAGE_MODULES.map(({ path }) => path)));
    expect(lazyPagePaths()).toHaveLength(PAGE_MODULES.length);
  });

  it.each(['/home', '/', '/nowhere', '/rides/3/nowhere'])('%s ships with the shell: nothing to wait for', (path) => {
    expect(preloadPage(path)).toBeNull();
  });
});
