// The "Reload" tap: asks the waiting service worker to take over, and reloads once it has.
// Workbox's own reload runs only on a page that already had a controller when it registered, so
// on the visit that installed the app the tap activated the new version and left the page on the
// old code. Either sign of the takeover (the controller change, or the worker's activation) reloads,
// once; a tab whose waiting version another tab already activated simply reloads.
export async function reloadIntoWaitingVersion() {
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  const registration = await navigator.serviceWorker.getRegistration();
  const waiting = registration?.waiting;
  if (!waiting) {
    reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated' || waiting.state === 'redundant') reload();
  });
  // The message the generated service worker answers with skipWaiting().
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
