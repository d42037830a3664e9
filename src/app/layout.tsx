import { Trans, useLingui } from '@lingui/react/macro';
import { acceptedCurrentPolicies } from '@shared/policies.ts';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';

import { CarIcon, CloseIcon, MenuIcon } from '../components/icons';
import { useUnreadCount } from '../features/notifications/api/get-notifications';
import { NotificationBell, unreadBadgeText } from '../features/notifications/components/notification-bell';
import { useSaveLanguage } from '../features/profile/api/save-language';
import { MY_RIDES_PATH } from '../features/rides/home-search-params';
import { useLogout, useUser } from '../lib/auth';
import { fromHere } from '../lib/return-path';
import { isToasterWanted, subscribeToasterWanted, toastFailure } from '../lib/toast';
import { afterFirstScreen } from './after-first-screen';
import { BottomNav, InboxUnreadText, onMyRides } from './bottom-nav';
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

// where: the header's links on a wide screen, or the menu a phone opens (the header's button,
// the bottom bar's More), which also lists what the header's row has no room for: My Rides, the
// inbox (the bell, on a wide screen) and the bus guide.
function NavLinks({ where, onNavigate }: { where: 'header' | 'menu'; onNavigate: () => void }) {
  const { data: user } = useUser();
  const { data: unread = 0 } = useUnreadCount(Boolean(user));
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout(() => {
    onNavigate();
    navigate('/home');
  });
  const look = (isActive: boolean) => `btn btn-ghost min-h-11 justify-start ${isActive ? 'btn-active' : ''}`;
  const linkClass = ({ isActive }: { isActive: boolean }) => look(isActive);
  const inMenu = where === 'menu';

  const { t } = useLingui();
  const onLogout = () => logout.mutate(undefined, { onError: toastFailure(t`Logout failed`) });

  return (
    <>
      {user && inMenu ? (
        <>
          <Link
            to={MY_RIDES_PATH}
            className={look(onMyRides(location))}
            aria-current={onMyRides(location) ? 'page' : undefined}
            onClick={onNavigate}
          >
            <Trans>My Rides</Trans>
          </Link>
          <NavLink to="/inbox" className={linkClass} onClick={onNavigate}>
            <Trans>Inbox</Trans>
            <InboxUnreadText unread={unread} />
            {unread > 0 ? (
              <span aria-hidden="true" className="badge badge-error badge-sm font-bold">
                {unreadBadgeText(unread)}
              </span>
            ) : null}
          </NavLink>
        </>
      ) : null}
      <NavLink to="/guide" className={linkClass} onClick={onNavigate}>
        <Trans>Travel Guide</Trans>
      </NavLink>
      {inMenu ? (
        <NavLink to="/bus-guide" className={linkClass} onClick={onNavigate}>
          <Trans>Bus Guide</Trans>
        </NavLink>
      ) : null}
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

// The phone's menu: under the header when its button opened it, over the bottom bar when More
// did (within the thumb's reach, the page dimmed behind it; a tap there closes it).
function MenuPanel({ id, children, onClose }: { id: string; children: ReactNode; onClose?: () => void }) {
  if (!onClose)
    return (
      <div id={id} className="flex flex-col gap-1 border-t border-base-300 px-4 py-2 md:hidden">
        {children}
      </div>
    );
  return (
    <>
      <div
        aria-hidden="true"
        className="fixed inset-x-0 top-0 bottom-(--bottom-bar-shown) bg-black/40"
        onClick={onClose}
      />
      <div
        id={id}
        className="absolute inset-x-0 bottom-full flex max-h-[calc(100dvh-8rem)] flex-col gap-1 overflow-y-auto rounded-t-box border-t border-base-300 bg-base-100 px-4 py-2 shadow-lg"
      >
        {children}
      </div>
    </>
  );
}

export function Layout() {
  const { t } = useLingui();
  // A member's choice goes into their profile too.
  const saveLanguage = useSaveLanguage();
  // Which button opened the phone's menu: the header's, or the bottom bar's More.
  const [menu, setMenu] = useState<'header' | 'bar' | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closeMenu = () => setMenu(null);
  const toggleMenu = (from: 'header' | 'bar', button: HTMLElement) => {
    opener.current = button;
    setMenu((open) => (open ? null : from));
  };
  const menuOpen = menu !== null;
  const menuId = useId();
  const location = useLocation();
  const toastRegion = useRef<HTMLDivElement>(null);
  const toasterWanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  useScrollRestoration();
  useKeepForOffline();
  const menuContent = (
    <>
      <NavLinks where="menu" onNavigate={closeMenu} />
      <LanguagePicker onChosen={saveLanguage} />
    </>
  );

  useEffect(() => setMenu(null), [location.pathname, location.search]);

  // Escape closes the menu, and the focus goes back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenu(null);
      opener.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

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
    // Room below the footer for the phone's bottom bar (index.css's --bottom-bar).
    <div className="flex min-h-dvh flex-col bg-base-100 pb-(--bottom-bar) text-base-content">
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
              <NavLinks where="header" onNavigate={() => {}} />
              <LanguagePicker onChosen={saveLanguage} />
            </div>
            <NotificationBell />
            <button
              type="button"
              className="btn btn-ghost btn-square min-h-11 min-w-11 md:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? t`Close menu` : t`Open menu`}
              onClick={(event) => toggleMenu('header', event.currentTarget)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </button>
          </div>
        </nav>
        {menu === 'header' ? <MenuPanel id={menuId}>{menuContent}</MenuPanel> : null}
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

      <BottomNav
        menuId={menuId}
        menuOpen={menuOpen}
        onMore={(button) => toggleMenu('bar', button)}
        menu={
          menu === 'bar' ? (
            <MenuPanel id={menuId} onClose={closeMenu}>
              {menuContent}
            </MenuPanel>
          ) : null
        }
      />

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
