import '@testing-library/jest-dom/vitest';
// jsdom has no <dialog> showModal; the confirm dialogs need it.
import './dialog-polyfill';

import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { server } from './server';

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lays nothing out and has no scrollIntoView; the chat asks it to open at its newest.
if (typeof Element !== 'undefined' && !('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => {}, writable: true, configurable: true });
}

// findBy and waitFor give up after 5 s, not 1 s: on a busy 2-core machine a page of 20 cards
// took longer than a second to build. They still return as soon as what they wait for is there.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  // The files share one jsdom (vitest.config.ts): what one file stored must not greet the next.
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});

afterEach(() => {
  cleanup();
  // One test's server.use(...) answers must not leak into the next.
  server.resetHandlers();
  // The toast store is module state: one test's toast must not satisfy the next one's query.
  toast.remove();
  vi.unstubAllGlobals();
});
