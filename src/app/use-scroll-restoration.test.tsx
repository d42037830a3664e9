import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useScrollRestoration } from './use-scroll-restoration';

function Page() {
  useScrollRestoration();
  return null;
}

// A document opened without history state: React Router's first entry, key 'default', as after a
// typed link or a reload (a POP).
function open(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
}

describe('scroll restoration on a page opened directly', () => {
  let scrolledTo: number[];

  beforeEach(() => {
    scrolledTo = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
      scrolledTo.push(y);
    }) as typeof window.scrollTo);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('does not take the offset another page left under the same first-entry key', () => {
    // Where /home was left, as the version before kept it: by the key alone.
    sessionStorage.setItem(
      'fc-rideshare-scroll',
      JSON.stringify({ default: { y: 2400 }, 'default /home': { y: 2400 } }),
    );
    open('/profile');
    expect(scrolledTo).not.toContain(2400);
  });

  it('returns a reloaded page to where it was left', () => {
    sessionStorage.setItem('fc-rideshare-scroll', JSON.stringify({ 'default /profile': { y: 640 } }));
    open('/profile');
    expect(scrolledTo).toContain(640);
  });
});
