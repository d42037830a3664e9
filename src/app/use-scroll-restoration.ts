import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'fc-rideshare-scroll';
// Long enough for a lazy page or a list read from the saved cache to reach its old height.
const RESTORE_FOR_MS = 1500;

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

// React Router's <ScrollRestoration> needs a data router; this is the same contract for ours:
// a new page opens at the top, Back and Forward (and a reload) return to where the member was.
// Positions are kept per history entry in sessionStorage, so a reload keeps them too.
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const key = location.key;
    const save = () => {
      const positions = savedPositions();
      positions[key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or blocked: Back then opens at the top, nothing worse.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [location.key]);

  useLayoutEffect(() => {
    if (navigationType !== 'POP') {
      // An anchor on the new page (e.g. #ride-12) is scrolled to by the page itself.
      if (!location.hash) window.scrollTo(0, 0);
      return;
    }
    const target = savedPositions()[location.key];
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
