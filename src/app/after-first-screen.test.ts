import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterFirstScreen } from './after-first-screen';

describe('afterFirstScreen', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the load event, then five seconds more', async () => {
    vi.useFakeTimers();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    let done = false;
    void afterFirstScreen().then(() => (done = true));

    await vi.advanceTimersByTimeAsync(20_000);
    expect(done).toBe(false);

    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
  });

  it('counts from now on a page that has already loaded', async () => {
    vi.useFakeTimers();
    let done = false;
    void afterFirstScreen().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
  });
});
