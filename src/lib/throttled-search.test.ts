import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createThrottledSearch, MIN_INTERVAL_MS, SEARCH_DEBOUNCE_MS } from './throttled-search';

// Fake timers fake Date.now too, so the spacing between requests is measured on the same clock.
describe('createThrottledSearch', () => {
  let sentAt: Array<{ query: string; at: number }>;
  let run: ReturnType<typeof vi.fn<(query: string) => Promise<string>>>;
  let onResult: ReturnType<typeof vi.fn<(result: string, query: string) => void>>;
  let onError: ReturnType<typeof vi.fn<(error: unknown) => void>>;

  beforeEach(() => {
    vi.useFakeTimers();
    sentAt = [];
    run = vi.fn(async (query: string) => {
      sentAt.push({ query, at: Date.now() });
      return `results for ${query}`;
    });
    onResult = vi.fn();
    onError = vi.fn();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const create = () => createThrottledSearch(run, onResult, onError);

  function typeOut(search: ReturnType<typeof create>, text: string, perKeyMs: number) {
    for (let length = 1; length <= text.length; length += 1) {
      search.request(text.slice(0, length));
      vi.advanceTimersByTime(perKeyMs);
    }
  }

  it('sends one request, for the whole query, once typing pauses for the debounce', async () => {
    const search = create();
    typeOut(search, 'Tampines', 100);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100 - 1);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('Tampines');
    expect(onResult).toHaveBeenCalledWith('results for Tampines', 'Tampines');
    expect(onError).not.toHaveBeenCalled();
  });

  it('sends the trimmed query', async () => {
    const search = create();
    search.request('  Bedok Mall  ');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(run).toHaveBeenCalledWith('Bedok Mall');
  });

  it('never sends two searches less than a second apart', async () => {
    const search = create();
    search.request('Bedok');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    // A second query right after the first went out waits out the rest of the second.
    search.request('Bedok Mall');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MIN_INTERVAL_MS);
    // And however the typing goes after that, the spacing holds.
    for (const query of ['Tampines', 'Tampines Mall', 'Pasir Ris', 'Changi Airport', 'Jurong East']) {
      search.request(query);
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50);
    }
    await vi.advanceTimersByTimeAsync(5 * MIN_INTERVAL_MS);
    expect(sentAt.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < sentAt.length; i += 1) {
      expect(
        sentAt[i]!.at - sentAt[i - 1]!.at,
        `${sentAt[i - 1]!.query} -> ${sentAt[i]!.query}`,
      ).toBeGreaterThanOrEqual(MIN_INTERVAL_MS);
    }
    expect(sentAt.at(-1)!.query).toBe('Jurong East');
  });

  it('waits only for the debounce when the last search was long ago', async () => {
    const search = create();
    search.request('Bedok');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await vi.advanceTimersByTimeAsync(10 * MIN_INTERVAL_MS);
    search.request('Tampines');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it.each(['', 'a', 'ab', '  ab  ', '   '])('does not send %j, which is under three characters', async (query) => {
    const search = create();
    search.request(query);
    await vi.advanceTimersByTimeAsync(10 * MIN_INTERVAL_MS);
    expect(run).not.toHaveBeenCalled();
  });

  it('drops a pending search when the text is shortened below three characters', async () => {
    const search = create();
    search.request('Bedok');
    search.request('Be');
    await vi.advanceTimersByTimeAsync(10 * MIN_INTERVAL_MS);
    expect(run).not.toHaveBeenCalled();
  });

  it('does not send the same query again', async () => {
    const search = create();
    search.request('Tampines');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    search.request('Tampines');
    search.request(' Tampines ');
    await vi.advanceTimersByTimeAsync(10 * MIN_INTERVAL_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('sends a query again once another was sent in between', async () => {
    const search = create();
    for (const query of ['Tampines', 'Bedok', 'Tampines']) {
      search.request(query);
      await vi.advanceTimersByTimeAsync(2 * MIN_INTERVAL_MS);
    }
    expect(run.mock.calls.map(([query]) => query)).toEqual(['Tampines', 'Bedok', 'Tampines']);
  });

  it('cancel stops a pending search', async () => {
    const search = create();
    search.request('Tampines');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    search.cancel();
    await vi.advanceTimersByTimeAsync(10 * MIN_INTERVAL_MS);
    expect(run).not.toHaveBeenCalled();
    expect(onResult).not.toHaveBeenCalled();
  });

  it('still searches after a cancel when asked again', async () => {
    const search = create();
    search.request('Tampines');
    search.cancel();
    search.request('Tampines');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(run).toHaveBeenCalledWith('Tampines');
  });

  it('reports a failed search to onError, not onResult', async () => {
    const failure = new Error('Geocoder answered 429');
    run.mockImplementationOnce(async () => {
      throw failure;
    });
    const search = create();
    search.request('Tampines');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(onResult).not.toHaveBeenCalled();
  });
});
