import { Trans, useLingui } from '@lingui/react/macro';
import { acceptedCurrentPolicies } from '@shared/policies.ts';
import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';

import { CarIcon, CloseIcon, MenuIcon } from '../components/icons';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useSaveLanguage } from '../features/profile/api/save-language';
import { useLogout, useUser } from '../lib/auth';
import { fromHere } from '../lib/return-path';
import { isToasterWanted, subscribeToasterWanted, toastFailure } from '../lib/toast';
import { afterFirstScreen } from './after-first-screen';
import { LanguagePicker } from './language-picker';
import { OfflineBanner } from './offline-banner';
import { useKeepForOffline } from './use-keep-for-offline';
import { useScrollRestoration } from './use-scroll-restoration';

// Neither is needed to paint the first page: the toaster waits for a first toast, the service
// worker's registration and update prompt for the first screen to be done. The worker's first
// install downloads and stores the whole app (50 files); begun with the page, it took a 2-core
// phone's CPU from the first screen, and Lighthouse's blocking time on /home and /guide doubled.
const UpdatePrompt = lazy(() =>
  afterFirstScreen()
    .then(() => import('./update-prompt'))
    .then((module) => ({ default: module.UpdatePrompt })),
);
const SwipeToaster = lazy(() => import('./swipe-toaster').then((module) => ({ default: module.SwipeToaster })));
const PoliciesPrompt = lazy(() =>
  import('../features/policies/components/policies-prompt').then((module) => ({ default: module.PoliciesPrompt })),
);

// A member who has not accepted the current privacy notice and community rules is asked to, in
// a prompt whose code loads only then. An answer saved before the api named acceptedPolicies
// says nothing either way: no prompt until the fresh one.
function PoliciesPromptWhenDue() {
  const { data: user } = useUser();
  if (!user?.acceptedPolicies || acceptedCurrentPolicies(user.acceptedPolicies)) return null;
  return (
    <Suspense fallback={null}>
      <PoliciesPrompt />
    </Suspense>
  );
}

function NavLinks({ onNavigate }: { onNavigate: () => void }) {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout(() => {
    onNavigate();
    navigate('/home');
  });
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `btn btn-ghost min-h-11 justify-start ${isActive ? 'btn-active' : ''}`;

  const { t } = useLingui();
  const onLogout = () => logout.mutate(undefined, { onError: toastFailure(t`Logout failed`) });

  return (
    <>
      <NavLink to="/guide" className={linkClass} onClick={onNavigate}>
        <Trans>Travel Guide</Trans>
      </NavLink>
      {user ? (
        <>
          {user.isVendor ? (
            <NavLink to="/vendor" className={linkClass} onClick={onNavigate}>
              <Trans>Dashboard</Trans>
            </NavLink>
          ) : (
            <NavLink to="/rides/create" className={linkClass} onClick={onNavigate}>
              <Trans>Create Ride</Trans>
            </NavLink>
          )}
          <NavLink to="/profile" className={linkClass} onClick={onNavigate}>
            <Trans>Profile</Trans>
          </NavLink>
          {user.isAdmin ? (
            <NavLink to="/admin" className={linkClass} onClick={onNavigate}>
              <Trans>Admin</Trans>
            </NavLink>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost min-h-11 justify-start"
            onClick={onLogout}
            disabled={logout.isPending}
          >
            <Trans>Logout</Trans>
          </button>
        </>
      ) : (
        <NavLink
          to="/auth"
          state={location.pathname === '/auth' ? location.state : fromHere(location)}
          className={linkClass}
          onClick={onNavigate}
        >
          <Trans>Login</Trans>
        </NavLink>
      )}
    </>
  );
}

export function Layout() {
  const { t } = useLingui();
  // A member's choice goes into their profile too.
  const saveLanguage = useSaveLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const toastRegion = useRef<HTMLDivElement>(null);
  const toasterWanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  useScrollRestoration();
  useKeepForOffline();

  useEffect(() => setMenuOpen(false), [location.pathname]);

  // SPEC §9: F8 moves focus to the notifications.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        toastRegion.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="flex min-h-dvh flex-col bg-base-100 text-base-content">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:p-2">
        <Trans>Skip to content</Trans>
      </a>
      <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
        <nav aria-label={t`Main`} className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-2">
          <Link to="/" className="flex min-h-11 items-center gap-2 text-lg font-bold text-primary">
            <CarIcon size={28} /> FC RideShare
          </Link>
          <div className="flex items-center gap-1">
            <div className="hidden items-center gap-1 md:flex">
              <NavLinks onNavigate={() => {}} />
              <LanguagePicker onChosen={saveLanguage} />
            </div>
            <NotificationBell />
            <button
              type="button"
              className="btn btn-ghost btn-square min-h-11 min-w-11 md:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? t`Close menu` : t`Open menu`}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </button>
          </div>
        </nav>
        {menuOpen ? (
          <div id={menuId} className="flex flex-col gap-1 border-t border-base-300 px-4 py-2 md:hidden">
            <NavLinks onNavigate={() => setMenuOpen(false)} />
            <LanguagePicker onChosen={saveLanguage} />
          </div>
        ) : null}
        <OfflineBanner />
      </header>
      <PoliciesPromptWhenDue />

      {/* At least a screen tall, so the footer never jumps as a lazy page arrives (no layout shift). */}
      <main id="main" className="mx-auto min-h-dvh w-full max-w-5xl flex-1 px-4 py-4 sm:py-6">
        <Outlet />
      </main>

      <footer className="border-t border-base-300 px-4 py-6 text-center text-sm">
        <p>
          <Trans>FC RideShare · made by and for the Singapore ⇄ Forest City commuter community</Trans>
        </p>
        <p className="mt-1 flex flex-wrap justify-center gap-x-4">
          <Link to="/privacy" className="link inline-flex min-h-11 items-center">
            <Trans>Privacy notice</Trans>
          </Link>
          <Link to="/rules" className="link inline-flex min-h-11 items-center">
            <Trans>Community rules</Trans>
          </Link>
        </p>
      </footer>

      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
      <div ref={toastRegion} tabIndex={-1} role="region" aria-label={t`Notifications (F8)`}>
        {toasterWanted ? (
          <Suspense fallback={null}>
            <SwipeToaster />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
