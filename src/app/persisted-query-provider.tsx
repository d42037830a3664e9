import { IsRestoringProvider, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

// TanStack's PersistQueryClientProvider, with two changes for a slow phone's first paint:
// - With nothing saved (mayHaveSavedCopy false: a first visit), there is no restore to wait for.
// - The end of a restore is a transition. That one state change re-renders every component
//   holding a query, the whole page, and as an urgent update React did it in one task, 100 ms on
//   a slow phone right after the first paint. In a transition it is done in slices.
export function PersistedQueryProvider({
  client,
  persistOptions,
  mayHaveSavedCopy,
  onRestored,
  children,
}: {
  client: QueryClient;
  persistOptions: Omit<PersistQueryClientOptions, 'queryClient'>;
  mayHaveSavedCopy: () => boolean;
  // Once the saved copy is in the cache, or there was none; not when it could not be read.
  onRestored: () => void;
  children: ReactNode;
}) {
  const [isRestoring, setIsRestoring] = useState(mayHaveSavedCopy);
  const latest = useRef({ persistOptions, onRestored });
  useEffect(() => {
    latest.current = { persistOptions, onRestored };
  });

  const restoreStarted = useRef(false);
  useEffect(() => {
    // The persister package pins an older query-core than react-query's: the same client, typed
    // twice.
    const options = {
      ...latest.current.persistOptions,
      queryClient: client as unknown as PersistQueryClientOptions['queryClient'],
    };
    if (isRestoring && !restoreStarted.current) {
      restoreStarted.current = true;
      persistQueryClientRestore(options)
        .then(() => latest.current.onRestored())
        .catch(() => undefined)
        .finally(() => startTransition(() => setIsRestoring(false)));
    }
    // Saving starts only once the saved copy is in: before, it would overwrite it with nothing.
    return isRestoring ? undefined : persistQueryClientSubscribe(options);
  }, [client, isRestoring]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
