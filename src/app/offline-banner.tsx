import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { formatDateTime } from '../lib/format';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

// Offline, everything on screen is the copy kept from the last visit: say so, and when.
export function OfflineBanner() {
  const online = useOnline();
  const cache = useQueryClient().getQueryCache();
  // Re-read when the saved copy is restored or any query changes.
  const lastSeen = useSyncExternalStore(
    useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]),
    () => Math.max(0, ...cache.getAll().map((query) => query.state.dataUpdatedAt)),
  );
  if (online) return null;
  return (
    <div role="status" className="bg-warning px-4 py-2 text-center text-sm text-warning-content">
      {lastSeen > 0
        ? `Offline — showing what you saw at ${formatDateTime(new Date(lastSeen).toISOString())}`
        : 'Offline — connect to see rides'}
    </div>
  );
}
