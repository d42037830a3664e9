import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'fc-rideshare-scroll';
// Long enough for a lazy page or a list read from the saved cache to reach its old height.
const RESTORE_FOR_MS = 1500;
// How long the card the member left may take to be built again: a slow phone builds a list of
// several pages in the background for longer than RESTORE_FOR_MS, and the offset alone lands
// elsewhere (the cards above it stand at a placeholder height until laid out).
const WAIT_FOR_ANCHOR_MS = 6000;
// Frames the anchor must stay put before the restore stops: the cards around it are laid out
// (content-visibility) only once they are on screen, and may then move it.
const SETTLED_FRAMES = 3;

// Where a page was left: the offset, and the list item (data-scroll-anchor) in view with its
// distance from the top of the screen. A long list lays out only the cards near the screen
// (content-visibility), so after Back the cards above the one the member left stand at a
// placeholder height and the same offset would show another card: the anchor finds it again.
interface Position {
  y: number;
  anchor?: string;
  top?: number;
}
type Positions = Record<string, Position | number>;

function readSaved(): Positions {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Positions;
  } catch {
    return {};
  }
}

// The list item at a third of the screen's height (below the sticky header), tried at three
// points across so the gap between two columns of cards does not miss, and a little lower and
// higher so the gap between two rows does not either (a miss left only the offset to go back to,
// which lands a few cards' placeholder differences away: about 240 px deep in a list).
const ROW_GAP_PROBES = [0, 24, -24];
function anchorInView(): { anchor: string; top: number } | null {
  for (const dy of ROW_GAP_PROBES) {
    const y = window.innerHeight / 3 + dy;
    for (const x of [0.5, 0.25, 0.75]) {
      const item = document.elementFromPoint(window.innerWidth * x, y)?.closest<HTMLElement>('[data-scroll-anchor]');
      if (item?.dataset.scrollAnchor)
        return { anchor: item.dataset.scrollAnchor, top: item.getBoundingClientRect().top };
    }
  }
  return null;
}

function findAnchor(anchor: string): Element | null {
  return document.querySelector(`[data-scroll-anchor="${CSS.escape(anchor)}"]`);
}

function writeSaved(positions: Positions) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or blocked: Back then opens at the top, nothing worse.
  }
}

// A history entry's key is 'default' in every document opened without history state (a typed or
// shared link, a page.goto, a link that reloads): keyed by that alone, opening /profile restored
// the offset last scrolled to on another page opened the same way, and held it for a second and
// a half against the member's own scrolling (a tap then landed on whatever came under it). The
// path keeps a reload's position and no other page's.
function entryKey({ key, pathname, search }: { key: string; pathname: string; search: string }): string {
  return `${key} ${pathname}${search}`;
}

function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;
}

// React Router's <ScrollRestoration> needs a data router; this is the same contract for ours:
// a new page opens at the top, Back and Forward (and a reload) return to where the member was.
// Positions are kept per history entry in sessionStorage, so a reload keeps them too.
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Positions | null>(null);
  const key = entryKey(location);
  const currentKey = useRef(key);

  // Recorded as the member scrolls: by the time a navigation renders, the new page may already
  // be in the DOM and the old position clamped away.
  useEffect(() => {
    positions.current ??= readSaved();
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onScroll = () => {
      positions.current![currentKey.current] = { y: window.scrollY, ...anchorInView() };
    };
    const save = () => writeSaved(positions.current!);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readSaved();
    writeSaved(positions.current);
    currentKey.current = key;
    if (navigationType !== 'POP') {
      // An anchor on the new page (e.g. #ride-12) is scrolled to by the page itself; a change
      // within the page (a ride's tab) says keepScroll.
      if (!location.hash && !keepsScroll(location.state)) window.scrollTo(0, 0);
      return;
    }
    const saved = positions.current[key];
    if (saved === undefined) return;
    const target: Position = typeof saved === 'number' ? { y: saved } : saved;
    // The page may still be growing (lazy chunk, cached list): retry until it is tall enough and
    // the card the member left has stayed in its place for a few frames. Until that card is
    // there, the offset is only a stand-in: it never counts as settled.
    const start = performance.now();
    let frame = 0;
    let settled = 0;
    const attempt = () => {
      const item = target.anchor ? findAnchor(target.anchor) : null;
      let off: number;
      if (item && target.top !== undefined) {
        window.scrollBy(0, item.getBoundingClientRect().top - target.top);
        off = item.getBoundingClientRect().top - target.top;
      } else {
        window.scrollTo(0, target.y);
        off = target.anchor ? Number.POSITIVE_INFINITY : window.scrollY - target.y;
      }
      settled = Math.abs(off) > 1 ? 0 : settled + 1;
      const waited = performance.now() - start;
      const more = waited < RESTORE_FOR_MS || (target.anchor !== undefined && !item && waited < WAIT_FOR_ANCHOR_MS);
      if (settled < SETTLED_FRAMES && more) frame = requestAnimationFrame(attempt);
    };
    attempt();
    const stop = () => cancelAnimationFrame(frame);
    window.addEventListener('wheel', stop, { once: true, passive: true });
    window.addEventListener('touchstart', stop, { once: true, passive: true });
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
    };
  }, [key, location.hash, location.state, navigationType]);
}
