import { useQuery } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../lib/query-client';
import { asLastSeen, lastSeenPersistOptions, PERSIST_MAX_AGE_MS } from '../lib/query-persister';
import { PersistedQueryProvider } from './persisted-query-provider';

// IndexedDB as idb-keyval uses it: a structured clone kept between saves.
function memoryPersister() {
  let copy: PersistedClient | undefined;
  const persister: Persister = {
    persistClient: (client) => {
      copy = structuredClone(client);
    },
    restoreClient: () => structuredClone(copy),
    removeClient: () => {
      copy = undefined;
    },
  };
  return { persister, saved: () => copy };
}

const RIDE_KEY = ['rides', 'detail', 7];

function RideTitle({ fetchRide }: { fetchRide: () => Promise<string> }) {
  const { data, error } = useQuery({ queryKey: RIDE_KEY, queryFn: fetchRide });
  return <p>{data ?? (error ? `failed: ${error.message}` : 'waiting')}</p>;
}

// One start of the app: the saved copy restored, then (online) every query invalidated, as
// app.tsx does, so the screen's query asks the server again.
function start(persister: Persister, fetchRide: () => Promise<string>) {
  const client = createQueryClient();
  render(
    <PersistedQueryProvider
      client={client}
      persistOptions={lastSeenPersistOptions(persister, 'v1')}
      mayHaveSavedCopy={() => true}
      onRestored={() => void client.invalidateQueries()}
    >
      <RideTitle fetchRide={fetchRide} />
    </PersistedQueryProvider>,
  );
  return client;
}

function savedRide(saved: PersistedClient | undefined) {
  return saved?.clientState.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(RIDE_KEY));
}

const unreachable = () => Promise.reject(new Error('Could not reach the server'));

describe('the saved copy keeps what the member last saw', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('keeps a query whose refresh failed, so the ride opens offline every time, not only once', async () => {
    const { persister, saved } = memoryPersister();
    start(persister, async () => 'Forest City to Singapore, 6:00 pm');
    expect(await screen.findByText('Forest City to Singapore, 6:00 pm')).toBeInTheDocument();
    await waitFor(() => expect(savedRide(saved())?.state.data).toBe('Forest City to Singapore, 6:00 pm'));
    cleanup();

    for (let open = 1; open <= 3; open += 1) {
      const fetchRide = vi.fn(unreachable);
      const client = start(persister, fetchRide);
      expect(await screen.findByText('Forest City to Singapore, 6:00 pm')).toBeInTheDocument();
      // The refresh was tried, failed, and left the ride on screen…
      await waitFor(() => expect(client.getQueryState(RIDE_KEY)?.status).toBe('error'));
      expect(fetchRide).toHaveBeenCalled();
      // …and in the saved copy, as last seen: no error to read back on the next start.
      await waitFor(() => expect(savedRide(saved())?.state).toMatchObject({ status: 'success', error: null }));
      expect(savedRide(saved())?.state.data).toBe('Forest City to Singapore, 6:00 pm');
      cleanup();
    }
  });

  it('saves no query that never held data', async () => {
    const { persister, saved } = memoryPersister();
    const client = start(persister, unreachable);
    expect(await screen.findByText('failed: Could not reach the server')).toBeInTheDocument();
    // Something else is saved (so a save did happen), the failed query is not.
    client.setQueryData(['auth', 'me'], { id: 1 });
    await waitFor(() => expect(saved()?.clientState.queries.map((query) => query.queryKey)).toEqual([['auth', 'me']]));
  });

  it('keeps a query no screen shows for as long as the saved copy lasts, not 5 minutes', () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    client.setQueryData(RIDE_KEY, 'kept for the checkpoint');
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(client.getQueryData(RIDE_KEY)).toBe('kept for the checkpoint');
    expect(client.getDefaultOptions().queries?.gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE_MS);
  });

  it('turns a failed refresh into the copy it was, and leaves other queries alone', () => {
    const failedAt = 1_700_000_000_000;
    const client: PersistedClient = {
      timestamp: failedAt,
      buster: 'v1',
      clientState: {
        mutations: [],
        queries: [
          {
            queryKey: ['a'],
            queryHash: '["a"]',
            dehydratedAt: failedAt,
            state: {
              data: 'seen',
              dataUpdatedAt: failedAt - 60_000,
              dataUpdateCount: 1,
              error: new Error('offline'),
              errorUpdatedAt: failedAt,
              errorUpdateCount: 1,
              fetchFailureCount: 1,
              fetchFailureReason: new Error('offline'),
              fetchMeta: null,
              isInvalidated: true,
              status: 'error',
              fetchStatus: 'idle',
            },
          },
        ],
      },
    };
    const [query] = asLastSeen(client).clientState.queries;
    expect(query?.state).toMatchObject({
      data: 'seen',
      dataUpdatedAt: failedAt - 60_000,
      status: 'success',
      error: null,
      fetchFailureCount: 0,
    });
    // The original is not changed (it is TanStack's own dehydrated object).
    expect(client.clientState.queries[0]?.state.status).toBe('error');
  });
});
