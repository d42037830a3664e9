import { useLingui } from '@lingui/react/macro';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { matchRoutes, Navigate, Route, Routes, useLocation } from 'react-router-dom';

import { Spinner } from '../components/spinner';
import { justLoggedOut, useUser } from '../lib/auth';
import { type LazyPage, lazyPage } from '../lib/lazy-page';
import { fromHere, fromQuery, returnPath } from '../lib/return-path';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
// Home, where most visits land, ships with the shell (one round trip fewer before its first
// paint); every other screen is its own chunk, loaded when opened. A page opened directly is
// fetched with the shell and loaded before the first render (ADR 0015).
import { HomeRoute as HomePage } from './routes/home-route';
import { type PageModule, type RouteAccess, ROUTES } from './routes-table';

type Wrapping = { children: ReactNode };
const page = (load: () => Promise<ComponentType<Wrapping>>) => lazyPage<Wrapping>(load);

// The code behind each page named in routes-table.ts: one lazy import each, since the bundler
// only splits on import() of a literal path. The type makes this list and the table's agree; the
// build fails on a name whose file has no chunk of its own.
const PAGES: Record<PageModule, LazyPage<Wrapping>> = {
  'auth-page': page(() => import('../features/auth/components/auth-page').then((m) => m.AuthPage)),
  'guide-route': page(() => import('./routes/guide-route').then((m) => m.GuideRoute)),
  'bus-guide-page': page(() => import('../features/guides/components/bus-guide-page').then((m) => m.BusGuidePage)),
  // Named *-page-route so their chunks keep the ride-form-page and join-page names the preload
  // and precache checks look for.
  'ride-form-page-route': page(() => import('./routes/ride-form-page-route').then((m) => m.RideFormPageRoute)),
  'join-page-route': page(() => import('./routes/join-page-route').then((m) => m.JoinPageRoute)),
  // Named *-page-route so its chunk keeps the ride-detail-page name the precache checks look for.
  'ride-detail-page-route': page(() => import('./routes/ride-detail-page-route').then((m) => m.RideDetailPageRoute)),
  'series-page-route': page(() => import('./routes/series-page-route').then((m) => m.SeriesPageRoute)),
  'vendor-approval-gate': page(() =>
    import('../features/vendor/components/vendor-approval-gate').then((m) => m.VendorApprovalGate),
  ),
  'vendor-page-route': page(() => import('./routes/vendor-page-route').then((m) => m.VendorPageRoute)),
  'profile-route': page(() => import('./routes/profile-route').then((m) => m.ProfileRoute)),
  'admin-route': page(() => import('./routes/admin-route').then((m) => m.AdminRoute)),
  'inbox-page': page(() => import('../features/notifications/components/inbox-page').then((m) => m.InboxPage)),
  'ride-request-form-page': page(() =>
    import('../features/ride-requests/components/ride-request-form-page').then((m) => m.RideRequestFormPage),
  ),
  'ride-request-page-route': page(() => import('./routes/ride-request-page-route').then((m) => m.RideRequestPageRoute)),
  'privacy-page': page(() => import('../features/policies/components/privacy-page').then((m) => m.PrivacyPage)),
  'rules-page': page(() => import('../features/policies/components/rules-page').then((m) => m.RulesPage)),
};

type TableRoute = (typeof ROUTES)[number];
// The table's paths whose page ships with the shell.
type ShellRoute = Extract<TableRoute, { pages: readonly [] }>;
const SHELL_PAGES: Record<ShellRoute['path'], ComponentType> = { '/home': HomePage };
const shipsWithShell = (route: TableRoute): route is ShellRoute => route.pages.length === 0;

// SPEC §2: a spinner while the session loads, then /auth when nobody is logged in. A saved copy
// from an earlier visit is being checked again: wait for the answer before sending anyone
// elsewhere.
function Protected({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { data: user, isPending, isFetching } = useUser();
  const location = useLocation();
  if (isPending || (!user && isFetching)) return <Spinner label={t`Checking your session…`} />;
  if (!user)
    return justLoggedOut() ? (
      <Navigate to="/home" replace />
    ) : (
      <Navigate to="/auth" replace state={fromHere(location)} />
    );
  return children;
}

function GuestOnly({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { data: user, isPending, isFetching } = useUser();
  const location = useLocation();
  if (isPending || (user && isFetching)) return <Spinner label={t`Checking your session…`} />;
  // Signed in (login or register): back to the page that sent the member here.
  if (user) return <Navigate to={returnPath(location.state ?? fromQuery(location.search))} replace />;
  return children;
}

const GUARDS: Record<RouteAccess, ComponentType<{ children: ReactNode }>> = {
  public: ({ children }) => children,
  protected: Protected,
  guest: GuestOnly,
};

// The table's pages, outermost first, nested: [gate, page] draws <Gate><Page /></Gate>.
function pageOf(route: TableRoute): ReactNode {
  if (shipsWithShell(route)) {
    const Shell = SHELL_PAGES[route.path];
    return <Shell />;
  }
  const pages: readonly PageModule[] = route.pages;
  return pages.reduceRight<ReactNode>((inner, module) => {
    const Module = PAGES[module];
    return <Module>{inner}</Module>;
  }, undefined);
}

const routes = (
  <Route element={<Layout />}>
    <Route index element={<Navigate to="/home" replace />} />
    {ROUTES.map((route) => {
      const Guard = GUARDS[route.access];
      return (
        <Route
          key={route.path}
          path={route.path.slice(1)}
          element={
            <Guard>
              <Page>{pageOf(route)}</Page>
            </Guard>
          }
        />
      );
    })}
    <Route path="*" element={<NotFoundPage />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{routes}</Routes>;
}

// Loads the code of the page at this path, so the first render can draw the page itself rather
// than a spinner. index.html has already started fetching those files (build/page-preloads.ts);
// null when the page ships with the shell. Matched against the table as the router matches its
// routes: the most specific path wins (/rides/create over /rides/:id).
export function preloadPage(pathname: string): Promise<void> | null {
  const pages = (matchRoutes<TableRoute>([...ROUTES], pathname) ?? []).flatMap(
    (match): readonly PageModule[] => match.route.pages,
  );
  return pages.length ? Promise.all(pages.map((module) => PAGES[module].preload())).then(() => undefined) : null;
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>;
}
