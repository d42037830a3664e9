import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect } from 'react';
import { Link, type Location, useLocation } from 'react-router-dom';

import {
  BellIcon,
  BookIcon,
  BusIcon,
  CarIcon,
  HomeIcon,
  LoginIcon,
  MenuIcon,
  PlusIcon,
  TicketIcon,
} from '../components/icons';
import { useUnreadCount } from '../features/notifications/api/get-notifications';
import { unreadBadgeText } from '../features/notifications/components/notification-bell';
import { MY_RIDES_PATH, readHomeParams } from '../features/rides/home-search-params';
import { useUser } from '../lib/auth';
import { fromHere } from '../lib/return-path';

// Home's My Rides tab is a place of its own in the bar and the menu: /home?tab=mine.
export function onMyRides(location: Pick<Location, 'pathname' | 'search'>): boolean {
  return location.pathname === '/home' && readHomeParams(new URLSearchParams(location.search)).tab === 'mine';
}

function isCurrent(location: Location, to: string): boolean {
  if (to === MY_RIDES_PATH) return onMyRides(location);
  if (to === '/home') return location.pathname === '/home' && !onMyRides(location);
  return location.pathname === to;
}

// A field the phone's keyboard opens for. While one has the focus the bar steps aside: with the
// viewport resized for the keyboard (index.html), it would sit on the keyboard and take a fifth
// of what is left of the screen from the chat and the form being typed into. Date and time
// fields open a picker, not the keyboard.
const KEYBOARD_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number']);
function opensKeyboard(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return KEYBOARD_INPUTS.has(target.type);
  return target instanceof HTMLElement && target.isContentEditable;
}

// It comes back a moment after the field loses the focus, and never while a pointer is pressed:
// the tap that took the focus away (on "Suspend member", Send, a select) ends on what it was aimed
// at, not on the bar appearing under it. The page keeps the bar's room meanwhile, so nothing
// moves but what is fixed to the screen's bottom.
const BACK_AFTER_MS = 300;

// data-typing on <html>, read by index.css: the bar is hidden, --bottom-bar-shown is 0.
function useTypingFlag() {
  useEffect(() => {
    const root = document.documentElement;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pressed = false;
    const typing = () => root.hasAttribute('data-typing');
    const showSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!pressed && !opensKeyboard(document.activeElement)) root.removeAttribute('data-typing');
      }, BACK_AFTER_MS);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (opensKeyboard(event.target)) {
        clearTimeout(timer);
        root.setAttribute('data-typing', '');
      } else if (typing()) showSoon();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (typing() && !opensKeyboard(event.relatedTarget)) showSoon();
    };
    const onPress = () => {
      pressed = true;
    };
    const onRelease = () => {
      pressed = false;
      if (typing()) showSoon();
    };
    const listeners = [
      ['focusin', onFocusIn],
      ['focusout', onFocusOut],
      ['pointerdown', onPress],
      ['pointerup', onRelease],
      ['pointercancel', onRelease],
    ] as const;
    for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener, true);
    if (opensKeyboard(document.activeElement)) root.setAttribute('data-typing', '');
    return () => {
      clearTimeout(timer);
      for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener, true);
      root.removeAttribute('data-typing');
    };
  }, []);
}

const ITEM_CLASS =
  'relative flex h-full min-h-11 w-full min-w-11 flex-col items-center justify-center gap-0.5 px-0.5 text-[0.6875rem] leading-tight whitespace-nowrap';

function itemLook(current: boolean): string {
  return `${ITEM_CLASS} ${current ? 'font-semibold text-primary' : ''}`;
}

// What the inbox's link reads out after its name: the count its badge shows, as text rather
// than an aria-label, so the name spoken holds the words shown in every language (axe's
// label-content-name-mismatch); "Inbox 2 unread". No comma: the hidden text is its own box, and
// Chromium puts a space before it ("Inbox , 2 unread").
export function InboxUnreadText({ unread }: { unread: number }) {
  if (unread <= 0) return null;
  return (
    <>
      {' '}
      <span className="sr-only">{t`${unread} unread`}</span>
    </>
  );
}

function BarLink({ to, state, icon, children }: { to: string; state?: unknown; icon: ReactNode; children: ReactNode }) {
  const location = useLocation();
  const current = isCurrent(location, to);
  return (
    <li className="min-w-0">
      <Link to={to} state={state} aria-current={current ? 'page' : undefined} className={itemLook(current)}>
        {icon}
        {children}
      </Link>
    </li>
  );
}

// The phone's navigation within thumb reach (issue 37 §6), as BlaBlaCar has it: Home, My Rides,
// Create, Inbox and More (the header's menu, opened over the bar). A visitor gets Home, the two
// guides and Log in instead. Below 768 px only: wider screens have the header's links. The menu
// opened from More is handed in as `menu`, drawn above the bar.
export function BottomNav({
  menuId,
  menuOpen,
  onMore,
  menu,
}: {
  menuId: string;
  menuOpen: boolean;
  onMore: (button: HTMLButtonElement) => void;
  menu: ReactNode;
}) {
  const { t } = useLingui();
  const location = useLocation();
  // While the session is being checked (a session hint is there) the member's bar is the likely
  // one: drawn at once, it does not change under a thumb a moment later.
  const { data: user, isPending } = useUser();
  const member = Boolean(user) || isPending;
  const { data: unread = 0 } = useUnreadCount(Boolean(user));
  useTypingFlag();

  return (
    <nav
      aria-label={t`Quick links`}
      className="bottom-bar fixed inset-x-0 bottom-0 z-40 border-t border-base-300 bg-base-100 pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid h-14 grid-cols-5">
        <BarLink to="/home" icon={<HomeIcon />}>
          <Trans context="bottom bar">Home</Trans>
        </BarLink>
        {member ? (
          <>
            <BarLink to={MY_RIDES_PATH} icon={<TicketIcon />}>
              <Trans context="bottom bar">My Rides</Trans>
            </BarLink>
            {user?.isVendor ? (
              <BarLink to="/vendor" icon={<CarIcon />}>
                <Trans context="bottom bar">Dashboard</Trans>
              </BarLink>
            ) : (
              <BarLink to="/rides/create" icon={<PlusIcon />}>
                <Trans context="bottom bar">Create</Trans>
              </BarLink>
            )}
            <BarLink to="/inbox" icon={<BellIcon />}>
              <Trans>Inbox</Trans>
              <InboxUnreadText unread={unread} />
              {/* Drawn over the bell; hidden from the name, which says the count in words. */}
              {unread > 0 ? (
                <span
                  aria-hidden="true"
                  className="badge badge-error badge-xs absolute top-0.5 left-1/2 h-4 min-w-4 px-1 text-[0.625rem] font-bold"
                >
                  {unreadBadgeText(unread)}
                </span>
              ) : null}
            </BarLink>
          </>
        ) : (
          <>
            <BarLink to="/guide" icon={<BookIcon />}>
              <Trans context="bottom bar">Guide</Trans>
            </BarLink>
            <BarLink to="/bus-guide" icon={<BusIcon />}>
              <Trans context="bottom bar">Bus guide</Trans>
            </BarLink>
            <BarLink
              to="/auth"
              state={location.pathname === '/auth' ? location.state : fromHere(location)}
              icon={<LoginIcon />}
            >
              <Trans context="bottom bar">Log in</Trans>
            </BarLink>
          </>
        )}
        <li className="min-w-0">
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            className={`${itemLook(menuOpen)} cursor-pointer`}
            onClick={(event) => onMore(event.currentTarget)}
          >
            <MenuIcon />
            <Trans context="bottom bar">More</Trans>
          </button>
        </li>
      </ul>
      {menu}
    </nav>
  );
}
