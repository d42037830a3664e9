import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useUser } from '../lib/auth';
import { useOnline } from '../lib/use-online';
import { afterFirstScreen } from './after-first-screen';

// Once per start (and per sign-in, and each time the signal comes back), after the first screen
// so it never competes with it: the member's rides are read and kept for offline reading. The
// code that does it is its own chunk, outside the first render's.
export function useKeepForOffline(): void {
  const { data: user } = useUser();
  const online = useOnline();
  const restoring = useIsRestoring();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined || !online || restoring) return;
    let current = true;
    afterFirstScreen()
      .then(() => (current && navigator.onLine ? import('./keep-for-offline') : undefined))
      .then((module) => module?.keepForOffline(queryClient))
      // The chunk unreachable (offline meanwhile): the next start tries again.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [userId, online, restoring, queryClient]);
}
