import { QueryClient } from '@tanstack/react-query';

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
        // Offline, a query fails at once (and the persisted copy stays on screen) instead of
        // waiting paused for a network that may not come back at the checkpoint.
        networkMode: 'always',
      },
      // A mutation offline fails at once with "You're offline": nothing is queued silently.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
