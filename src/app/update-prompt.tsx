import { Trans } from '@lingui/react/macro';
import { useRegisterSW } from 'virtual:pwa-register/react';

import { reloadIntoWaitingVersion } from './reload-into-waiting-version';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

// The service worker: registered in production builds only; a waiting new version asks the
// member before taking over, and tabs left open for days still look for updates hourly.
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    // The reload after the tap is ours (reloadIntoWaitingVersion), never Workbox's.
    onNeedReload() {},
  });

  if (!needRefresh) return null;
  // Above the phone's bottom bar.
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-[calc(var(--bottom-bar-shown)+1rem)] z-50 mx-auto flex max-w-sm items-center justify-between gap-3 rounded-box bg-neutral p-3 text-neutral-content shadow-lg"
    >
      <span>
        <Trans>New version available</Trans>
      </span>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm min-h-11"
          onClick={() => void reloadIntoWaitingVersion()}
        >
          <Trans>Reload</Trans>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm min-h-11 text-neutral-content"
          onClick={() => setNeedRefresh(false)}
        >
          <Trans>Later</Trans>
        </button>
      </div>
    </div>
  );
}
