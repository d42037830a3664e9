import { QueryClient } from '@tanstack/react-query';

import { PERSIST_MAX_AGE_MS } from './query-persister';

// SPEC §7: no retries, no refetch on focus, no polling; data goes stale only when a mutation
// says so.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Number.POSITIVE_INFINITY,
        // A query no screen shows stays as long as the saved copy does: dropped from the cache
        // after TanStack's default 5 minutes, it was dropped from the saved copy too, and a ride
        // kept for the checkpoint (or opened an hour ago) was gone offline.
        gcTime: PERSIST_MAX_AGE_MS,
        // Offline, a query fails at once (and the persisted copy stays on screen) instead of
        // waiting paused for a network that may not come back at the checkpoint.
        networkMode: 'always',
      },
      // A mutation offline fails at once with "You're offline": nothing is queued silently.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
