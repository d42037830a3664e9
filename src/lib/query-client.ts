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
      },
      mutations: { retry: false },
    },
  });
}
