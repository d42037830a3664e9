import { useQuery } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../lib/query-client';
import { PersistedQueryProvider } from './persisted-query-provider';

// IndexedDB as idb-keyval uses it: a structured clone kept between saves.
function memoryPersister(stored?: PersistedClient) {
  let copy = stored;
  const persister: Persister = {
    persistClient: vi.fn((client: PersistedClient) => {
      copy = structuredClone(client);
    }),
    restoreClient: vi.fn(() => structuredClone(copy)),
    removeClient: vi.fn(() => {
      copy = undefined;
    }),
  };
  return { persister, saved: () => copy };
}

function Greeting({ fetchGreeting }: { fetchGreeting: () => Promise<string> }) {
  const { data, isPending } = useQuery({ queryKey: ['greeting'], queryFn: fetchGreeting });
  return <p>{isPending ? 'waiting' : data}</p>;
}

function renderApp(options: { persister: Persister; mayHaveSavedCopy: boolean; fetchGreeting: () => Promise<string> }) {
  const onRestored = vi.fn();
  render(
    <PersistedQueryProvider
      client={createQueryClient()}
      persistOptions={{ persister: options.persister, buster: 'v1' }}
      mayHaveSavedCopy={() => options.mayHaveSavedCopy}
      onRestored={onRestored}
    >
      <Greeting fetchGreeting={options.fetchGreeting} />
    </PersistedQueryProvider>,
  );
  return { onRestored };
}

describe('PersistedQueryProvider', () => {
  it('on a first visit (nothing saved) asks the server at once and restores nothing', async () => {
    const { persister, saved } = memoryPersister();
    const fetchGreeting = vi.fn(async () => 'hello from the server');
    const { onRestored } = renderApp({ persister, mayHaveSavedCopy: false, fetchGreeting });

    // Asked during the first render's effects, not after a round trip to IndexedDB.
    expect(fetchGreeting).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('hello from the server')).toBeInTheDocument();
    expect(persister.restoreClient).not.toHaveBeenCalled();
    expect(onRestored).not.toHaveBeenCalled();
    // Saving still starts, for the next visit offline.
    await waitFor(() =>
      expect(saved()?.clientState.queries.map((query) => query.state.data)).toEqual(['hello from the server']),
    );
  });

  it('with a saved copy shows it first, then tells the app it is restored', async () => {
    const first = memoryPersister();
    renderApp({ persister: first.persister, mayHaveSavedCopy: false, fetchGreeting: async () => 'saved yesterday' });
    await waitFor(() => expect(first.saved()).toBeDefined());
    cleanup();

    const { persister } = memoryPersister(first.saved());
    let answer: (greeting: string) => void = () => undefined;
    const fetchGreeting = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const { onRestored } = renderApp({ persister, mayHaveSavedCopy: true, fetchGreeting });

    // No query runs before the saved copy is in the cache.
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(fetchGreeting).not.toHaveBeenCalled();
    expect(await screen.findByText('saved yesterday')).toBeInTheDocument();
    expect(persister.restoreClient).toHaveBeenCalledTimes(1);
    expect(onRestored).toHaveBeenCalledTimes(1);
    answer('hello again');
  });
});
