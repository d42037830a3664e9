import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';

// What a member last saw (their rides, ride details and passengers) stays readable offline,
// for a week at most.
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const STORAGE_KEY = 'fc-rideshare-query-cache';
// Present from the first save until the copy is removed. IndexedDB answers only asynchronously;
// this mark tells the app at its start, synchronously, that a first visit has nothing to restore,
// so its queries start at once instead of waiting for the empty answer and then re-rendering
// the whole page.
const SAVED_MARK_KEY = 'fc-rideshare-query-cache-saved';

function setSavedMark(saved: boolean) {
  try {
    // Saves come with every change to the cache: the mark is written once, not each time.
    if (saved) {
      if (localStorage.getItem(SAVED_MARK_KEY) === null) localStorage.setItem(SAVED_MARK_KEY, '1');
    } else localStorage.removeItem(SAVED_MARK_KEY);
  } catch {
    // Storage refused (private mode, full): the next start looks in IndexedDB, as if marked.
  }
}

// False only when no copy was ever saved here (or the last was removed); when in doubt, true.
export function mayHaveSavedCopy(): boolean {
  try {
    return localStorage.getItem(SAVED_MARK_KEY) !== null;
  } catch {
    return true;
  }
}

// Without IndexedDB (private modes, old browsers) nothing was saved, so there is nothing to clear.
// The mark goes first: a save issued after this call marks again, and must not be unmarked when
// this delete completes after it.
export async function clearPersistedCache(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  setSavedMark(false);
  await del(STORAGE_KEY);
}

// Cache changes made inside `change` write no copy: a change in several steps (Logout) saves only
// its end, so a reload between two steps cannot restore one halfway.
let savesHeld = 0;
export function withoutSaving(change: () => void): void {
  savesHeld += 1;
  try {
    change();
  } finally {
    savesHeld -= 1;
  }
}

export function createIdbPersister(): Persister {
  return {
    // Marked before writing: a copy without its mark would never be read back.
    persistClient: (client: PersistedClient) => {
      setSavedMark(true);
      return set(STORAGE_KEY, client);
    },
    restoreClient: () => get<PersistedClient>(STORAGE_KEY),
    removeClient: async () => {
      await del(STORAGE_KEY);
      setSavedMark(false);
    },
  };
}

// Every query holding data is saved, whatever its last fetch did. TanStack's default saves only
// status 'success', and a refresh that fails offline turns a query holding the ride into status
// 'error' with the ride still in it: the next save dropped it, so the ride opened offline once
// and never again (issue 21 §1).
function holdsData(query: { state: { data: unknown } }): boolean {
  return query.state.data !== undefined;
}

// Saved as it was last seen: a failed refresh does not make the copy less true, and a restored
// query in status 'error' would read as a failure to every screen that asks.
export function asLastSeen(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error' && holdsData(query)
      ? {
          ...query,
          state: {
            ...query.state,
            status: 'success' as const,
            error: null,
            fetchFailureCount: 0,
            fetchFailureReason: null,
          },
        }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

function savingLastSeen(persister: Persister): Persister {
  return {
    ...persister,
    persistClient: (client) => (savesHeld > 0 ? undefined : persister.persistClient(asLastSeen(client))),
  };
}

// How the app saves its cache: what the member last saw, for a week, dropped by a new release.
export function lastSeenPersistOptions(
  persister: Persister,
  buster: string,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: savingLastSeen(persister),
    maxAge: PERSIST_MAX_AGE_MS,
    buster,
    dehydrateOptions: { shouldDehydrateQuery: holdsData },
  };
}
