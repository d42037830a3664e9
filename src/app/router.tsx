import { useLingui } from '@lingui/react/macro';
import { Children, isValidElement, Suspense, type ReactNode } from 'react';
import { createRoutesFromElements, matchRoutes, Navigate, Route, Routes, useLocation, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { justLoggedOut, useUser } from '../lib/auth';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { fromHere, returnPath } from '../lib/return-path';
// Home, where most visits land, ships with the shell (one round trip fewer before its first
// paint); every other screen is its own chunk, loaded when opened. A page opened directly is
// fetched with the shell and loaded before the first render: its paths and module are listed in
// page-modules.ts (ADR 0015).
import { HomeRoute as HomePage } from './routes/home-route';

const AuthPage = lazyPage(() => import('../features/auth/components/auth-page').then((m) => m.AuthPage));
const RideFormPage = lazyPage(() => import('../features/rides/components/ride-form-page').then((m) => m.RideFormPage));
// Named *-page-route so its chunk keeps the ride-detail-page name the precache checks look for.
const RideDetailPage = lazyPage(() => import('./routes/ride-detail-page-route').then((m) => m.RideDetailPageRoute));
const JoinPage = lazyPage(() => import('../features/rides/components/join-page').then((m) => m.JoinPage));
const VendorPage = lazyPage(() => import('../features/rides/components/vendor-page').then((m) => m.VendorPage));
const VendorApprovalGate = lazyPage(() => import('../features/rides/components/vendor-approval-gate').then((m) => m.VendorApprovalGate));
const ProfilePage = lazyPage(() => import('./routes/profile-route').then((m) => m.ProfileRoute));
const InboxPage = lazyPage(() => import('../features/notifications/components/inbox-page').then((m) => m.InboxPage));
const GuidePage = lazyPage(() => import('./routes/guide-route').then((m) => m.GuideRoute));
const BusGuidePage = lazyPage(() => import('../features/guides/components/bus-guide-page').then((m) => m.BusGuidePage));

// SPEC §2: a spinner while the session loads, then /auth when nobody is logged in. A saved copy
// from an earlier visit is being checked again: wait for the answer before sending anyone
// elsewhere.
function Protected({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { data: user, isPending, isFetching } = useUser();
  const location = useLocation();
  if (isPending || (!user && isFetching)) return <Spinner label={t`Checking your session…`} />;
  if (!user) return justLoggedOut() ? <Navigate to="/home" replace /> : <Navigate to="/auth" replace state={fromHere(location)} />;
  return children;
}

function GuestOnly({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { data: user, isPending, isFetching } = useUser();
  const location = useLocation();
  if (isPending || (user && isFetching)) return <Spinner label={t`Checking your session…`} />;
  // Signed in (login or register): back to the page that sent the member here.
  if (user) return <Navigate to={returnPath(location.state)} replace />;
  return children;
}

const routes = (
  <Route element={<Layout />}>
    <Route index element={<Navigate to="/home" replace />} />
    <Route path="home" element={<Page><HomePage /></Page>} />
    <Route path="auth" element={<GuestOnly><Page><AuthPage /></Page></GuestOnly>} />
    <Route path="guide" element={<Page><GuidePage /></Page>} />
    <Route path="bus-guide" element={<Page><BusGuidePage /></Page>} />
    <Route path="rides/create" element={<Protected><Page><RideFormPage /></Page></Protected>} />
    <Route path="rides/edit/:id" element={<Protected><Page><RideFormPage /></Page></Protected>} />
    <Route path="rides/:id/join" element={<Protected><Page><JoinPage /></Page></Protected>} />
    <Route path="rides/:id" element={<Page><RideDetailPage /></Page>} />
    <Route path="vendor" element={<Protected><Page><VendorApprovalGate><VendorPage /></VendorApprovalGate></Page></Protected>} />
    <Route path="profile" element={<Protected><Page><ProfilePage /></Page></Protected>} />
    <Route path="inbox" element={<Protected><Page><InboxPage /></Page></Protected>} />
    <Route path="*" element={<NotFoundPage />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{routes}</Routes>;
}

// Built on first use: only a page opened directly needs it before the router renders.
let routeObjects: RouteObject[] | undefined;
const routeTree = () => (routeObjects ??= createRoutesFromElements(routes));

function lazyPagesIn(node: ReactNode): LazyPage<never>[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement<{ children?: ReactNode }>(child)) return [];
    const own = typeof child.type === 'object' && 'preload' in child.type ? [child.type as LazyPage<never>] : [];
    return [...own, ...lazyPagesIn(child.props.children)];
  });
}

// The router's paths ('/rides/:id', ...) whose page is in a chunk of its own: page-modules.ts
// must list each of them, or a page opened directly would fetch its code only after the shell's.
export function lazyPagePaths(): string[] {
  const paths: string[] = [];
  const visit = (route: RouteObject, parent: string) => {
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
    if (lazyPagesIn(route.element).length > 0) paths.push(path);
    route.children?.forEach((child) => visit(child, path));
  };
  routeTree().forEach((route) => visit(route, ''));
  return paths;
}

// Loads the code of the page at this path, so the first render can draw the page itself rather
// than a spinner. index.html has already started fetching those files (build/page-preloads.ts);
// null when the page ships with the shell.
export function preloadPage(pathname: string): Promise<void> | null {
  const pages = (matchRoutes(routeTree(), pathname) ?? []).flatMap((match) => lazyPagesIn(match.route.element));
  return pages.length ? Promise.all(pages.map((page) => page.preload())).then(() => undefined) : null;
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>;
}
