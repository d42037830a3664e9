import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { justLoggedOut, useUser } from '../lib/auth';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { fromHere, returnPath } from '../lib/return-path';
// Home, where most visits land, ships with the shell (one round trip fewer before its first
// paint); every other screen is its own chunk, loaded when opened.
import { HomeRoute as HomePage } from './routes/home-route';

const AuthPage = lazy(() => import('../features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })));
const RideFormPage = lazy(() =>
  import('../features/rides/components/ride-form-page').then((m) => ({ default: m.RideFormPage })),
);
// Named *-page-route so its chunk keeps the ride-detail-page name the precache checks look for.
const RideDetailPage = lazy(() =>
  import('./routes/ride-detail-page-route').then((m) => ({ default: m.RideDetailPageRoute })),
);
const JoinPage = lazy(() => import('../features/rides/components/join-page').then((m) => ({ default: m.JoinPage })));
const VendorPage = lazy(() =>
  import('../features/rides/components/vendor-page').then((m) => ({ default: m.VendorPage })),
);
const VendorApprovalGate = lazy(() =>
  import('../features/rides/components/vendor-approval-gate').then((m) => ({ default: m.VendorApprovalGate })),
);
const ProfilePage = lazy(() => import('./routes/profile-route').then((m) => ({ default: m.ProfileRoute })));
const InboxPage = lazy(() =>
  import('../features/notifications/components/inbox-page').then((m) => ({ default: m.InboxPage })),
);
const GuidePage = lazy(() => import('./routes/guide-route').then((m) => ({ default: m.GuideRoute })));
const BusGuidePage = lazy(() =>
  import('../features/guides/components/bus-guide-page').then((m) => ({ default: m.BusGuidePage })),
);

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

export function AppRoutes() {
  return (
    <Routes>
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
    </Routes>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>;
}
