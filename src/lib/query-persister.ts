import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';

// What a member last saw (their rides, ride details and passengers) stays readable offline,
// for a week at most.
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const STORAGE_KEY = 'fc-rideshare-query-cache';

// Without IndexedDB (private modes, old browsers) nothing was saved, so there is nothing to clear.
export async function clearPersistedCache(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await del(STORAGE_KEY);
}

export function createIdbPersister(): Persister {
  return {
    persistClient: (client: PersistedClient) => set(STORAGE_KEY, client),
    restoreClient: () => get<PersistedClient>(STORAGE_KEY),
    removeClient: () => del(STORAGE_KEY),
  };
}
