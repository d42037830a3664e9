import { useState } from 'react';

// vite-plugin-pwa's `virtual:pwa-register/react` exists only in a build. jsdom has no service
// worker to register, so the stand-in reports no waiting version, as a first visit does.
export function useRegisterSW() {
  const needRefresh = useState(false);
  const offlineReady = useState(false);
  return { needRefresh, offlineReady, updateServiceWorker: async () => {} };
}
