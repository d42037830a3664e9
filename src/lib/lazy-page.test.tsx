import { act, render, screen } from '@testing-library/react';
import { startTransition, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { lazyPage } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function renderInSuspense(ui: React.ReactNode) {
  return render(<Suspense fallback={<p>Loading page</p>}>{ui}</Suspense>);
}

describe('lazyPage', () => {
  it('after preload, the first commit is the page itself, never the fallback', async () => {
    const Page = lazyPage(() => Promise.resolve(Greeting));
    await Page.preload();
    // Synchronous render: anything still to load would leave the fallback in the document.
    renderInSuspense(<Page name="Ana" />);
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    expect(screen.queryByText('Loading page')).toBeNull();
  });

  it('without preload, it suspends like React.lazy and loads once', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Page = lazyPage(load);
    renderInSuspense(<Page name="Ben" />);
    expect(screen.getByText('Loading page')).toBeTruthy();
    expect(await screen.findByText('Hello Ben')).toBeTruthy();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is tried again, and the page then renders', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting);
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    await act(async () => startTransition(() => void renderInSuspense(<Page name="Chen" />)));
    expect(screen.getByText('Hello Chen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
