import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { createRoutesFromElements, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../lib/query-client';
import { renderWithProviders, testUser } from '../testing/render';
import { pathsOf, recordRequests } from '../testing/requests';
import { server } from '../testing/server';
import { AppRoutes, preloadPage } from './router';
import { lazyRoutes, ROUTES } from './routes-table';

// The service worker prompt needs vite-plugin-pwa's virtual module, which only the build has.
vi.mock('./update-prompt', () => ({ UpdatePrompt: () => null }));

const ALICE = testUser();
const PROTECTED = [
  '/rides/create',
  '/rides/edit/3',
  '/rides/3/join',
  '/vendor',
  '/profile',
  '/admin',
  '/inbox',
  '/requests/new',
  '/requests/3/edit',
];
const PUBLIC = ['/home', '/guide', '/bus-guide', '/rides/3', '/series/3', '/requests/3', '/privacy', '/rules'];

const path = () => screen.getByTestId('current-path').textContent;

// The current-user call, answered when the test says so; every other call stays unanswered,
// so pages stay on their own loading states and only the guards decide where we are.
function stubSession() {
  let answer: (response: Response) => void = () => {};
  const session = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  server.use(
    http.get('*/api/auth/me', () => session),
    http.all('*', () => delay('infinite')),
  );
  const sent = recordRequests();
  return { sent, answer: (response: Response) => act(async () => answer(response)) };
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

  it.each(PROTECTED)(
    '%s shows a spinner while the session is checked, then sends a visitor to /auth',
    async (route) => {
      withSessionCookie();
      const { answer, sent } = stubSession();
      renderWithProviders(<AppRoutes />, { route });
      expect(await screen.findByText('Checking your session…')).toBeInTheDocument();
      expect(path()).toBe(route);
      await waitFor(() => expect(pathsOf(sent)).toEqual(['/api/auth/me']));

      await answer(HttpResponse.json({ message: 'Not logged in' }, { status: 401 }));
      await waitFor(() => expect(path()).toBe('/auth'));
      expect(screen.queryByText('Checking your session…')).not.toBeInTheDocument();
      // The login page's code is loaded on first use: on a busy machine that takes over a second.
      expect(await screen.findByRole('tab', { name: 'Login' }, { timeout: 5000 })).toBeInTheDocument();
    },
  );

  it.each(PROTECTED)('%s sends a visitor without a session straight to /auth', async (route) => {
    const { sent } = stubSession();
    renderWithProviders(<AppRoutes />, { route });
    await waitFor(() => expect(path()).toBe('/auth'));
    expect(pathsOf(sent)).not.toContain('/api/auth/me');
  });

  it.each(PROTECTED)('%s opens for a member once the session is confirmed', async (route) => {
    withSessionCookie();
    const { answer } = stubSession();
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByText('Checking your session…')).toBeInTheDocument();
    await answer(HttpResponse.json(ALICE));
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
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, refetchOnMount: 'always' },
    });
    renderWithProviders(<AppRoutes />, { route: '/profile', user: null, queryClient });
    expect(await screen.findByText('Checking your session…')).toBeInTheDocument();
    expect(path()).toBe('/profile');
    await answer(HttpResponse.json(ALICE));
    await waitFor(() => expect(screen.queryByText('Checking your session…')).not.toBeInTheDocument());
    expect(path()).toBe('/profile');
  });

  it('sends a member who logs in on /auth back to the page that sent them there', async () => {
    server.use(
      http.post('*/api/login', () => HttpResponse.json(ALICE)),
      http.all('*', () => delay('infinite')),
    );
    const sent = recordRequests();
    const { user } = renderWithProviders(<AppRoutes />, { route: '/rides/3/join' });
    await waitFor(() => expect(path()).toBe('/auth'));
    await user.type(await screen.findByLabelText('Discord username'), 'alice_sg');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(path()).toBe('/rides/3/join'));
    expect(pathsOf(sent)).toContain('/api/login');
  });

  it('sends a member away from /auth, home when nothing sent them there', async () => {
    stubSession();
    renderWithProviders(<AppRoutes />, { route: '/auth', user: ALICE });
    await waitFor(() => expect(path()).toBe('/home'));
  });
});

describe('preloading the page being opened', () => {
  // The build preloads these paths' files; main.tsx waits for the same pages.
  it.each(lazyRoutes().map(({ path }) => path.replace(/:id/g, '3')))(
    '%s has a page in its own chunk to load first',
    async (path) => {
      const loading = preloadPage(path);
      expect(loading).not.toBeNull();
      await expect(loading).resolves.toBeUndefined();
    },
  );

  it.each(['/home', '/', '/nowhere', '/rides/3/nowhere'])('%s ships with the shell: nothing to wait for', (path) => {
    expect(preloadPage(path)).toBeNull();
  });
});

describe('the route table (routes-table.ts) is the one list of paths', () => {
  // The paths the router really has, read back from the elements AppRoutes renders.
  function routerPaths(): string[] {
    const visit = (route: RouteObject, parent: string): string[] => {
      const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
      return [...(route.path ? [path] : []), ...(route.children ?? []).flatMap((child) => visit(child, path))];
    };
    const routes = (AppRoutes() as { props: { children: Parameters<typeof createRoutesFromElements>[0] } }).props
      .children;
    return createRoutesFromElements(routes).flatMap((route) => visit(route, ''));
  }

  it("the router's paths are the table's, in its order, plus the 404", () => {
    expect(routerPaths()).toEqual([...ROUTES.map(({ path }) => path), '/*']);
  });

  it.each(ROUTES.map(({ path, access }) => [path.replace(/:id/g, '3'), access]))(
    '%s opens its own page, not the 404 (%s)',
    async (route, access) => {
      stubSession();
      renderWithProviders(<AppRoutes />, { route, user: access === 'protected' ? ALICE : null });
      await act(async () => {});
      expect(path()).toBe(route);
      expect(screen.queryByText('404 Page Not Found')).not.toBeInTheDocument();
    },
  );

  it('guards every protected path of the table, and only those', () => {
    expect(ROUTES.filter(({ access }) => access === 'protected').map(({ path }) => path.replace(/:id/g, '3'))).toEqual(
      PROTECTED,
    );
    expect(ROUTES.filter(({ access }) => access === 'public').map(({ path }) => path.replace(/:id/g, '3'))).toEqual(
      PUBLIC,
    );
  });

  it('sends / to /home', async () => {
    stubSession();
    renderWithProviders(<AppRoutes />, { route: '/', user: null });
    await waitFor(() => expect(path()).toBe('/home'));
  });

  it('opens the 404 on a path outside the table', async () => {
    stubSession();
    renderWithProviders(<AppRoutes />, { route: '/rides/3/nowhere', user: null });
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
  });
});
