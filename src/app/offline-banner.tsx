import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

import { formatDateTime } from '../lib/format';
import { useOnline } from '../lib/use-online';

// Offline, everything on screen is the copy kept from the last visit: say so, and when.
export function OfflineBanner() {
  const { t } = useLingui();
  const online = useOnline();
  const cache = useQueryClient().getQueryCache();
  // Re-read when the saved copy is restored or any query changes.
  const lastSeen = useSyncExternalStore(
    useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]),
    () => Math.max(0, ...cache.getAll().map((query) => query.state.dataUpdatedAt)),
  );
  if (online) return null;
  const when = lastSeen > 0 ? formatDateTime(new Date(lastSeen).toISOString()) : null;
  return (
    <div role="status" className="bg-warning px-4 py-2 text-center text-sm text-warning-content">
      {when !== null ? t`Offline — showing what you saw at ${when}` : t`Offline — connect to see rides`}
    </div>
  );
}
