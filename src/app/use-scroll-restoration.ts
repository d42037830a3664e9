import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'fc-rideshare-scroll';
// Long enough for a lazy page or a list read from the saved cache to reach its old height.
const RESTORE_FOR_MS = 1500;

function readSaved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function writeSaved(positions: Record<string, number>) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or blocked: Back then opens at the top, nothing worse.
  }
}

// React Router's <ScrollRestoration> needs a data router; this is the same contract for ours:
// a new page opens at the top, Back and Forward (and a reload) return to where the member was.
// Positions are kept per history entry in sessionStorage, so a reload keeps them too.
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const currentKey = useRef(location.key);

  // Recorded as the member scrolls: by the time a navigation renders, the new page may already
  // be in the DOM and the old position clamped away.
  useEffect(() => {
    positions.current ??= readSaved();
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onScroll = () => {
      positions.current![currentKey.current] = window.scrollY;
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
    currentKey.current = location.key;
    if (navigationType !== 'POP') {
      // An anchor on the new page (e.g. #ride-12) is scrolled to by the page itself.
      if (!location.hash) window.scrollTo(0, 0);
      return;
    }
    const target = positions.current[location.key];
    if (target === undefined) return;
    // The page may still be growing (lazy chunk, cached list): retry until it is tall enough.
    const until = performance.now() + RESTORE_FOR_MS;
    let frame = 0;
    const attempt = () => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 1 && performance.now() < until) frame = requestAnimationFrame(attempt);
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
  }, [location.key, location.hash, navigationType]);
}
