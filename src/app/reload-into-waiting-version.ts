// The "Reload" tap: asks the waiting service worker to take over, and reloads once it has.
// Workbox's own reload runs only on a page that already had a controller when it registered, so
// on the visit that installed the app the tap activated the new version and left the page on the
// old code. Either sign of the takeover (the controller change, or the worker's activation) reloads,
// once; a tab whose waiting version another tab already activated simply reloads.
//
// Chromium takes over only once the outgoing worker has stopped, and a request from this page
// that reaches it while it stops (the offline copy being refreshed a few seconds after start, a
// poll) starts it again and parks the takeover: until that worker next idles out (30 s) or, with
// DevTools attached, for five minutes. A navigation within the app's scope makes Chromium try the
// takeover again, so while the new version still waits, a hidden frame opens a small page of ours
// every NUDGE_EVERY_MS; after NUDGES of them the page reloads anyway rather than leave the member
// waiting on a tap that did nothing.
const NUDGE_EVERY_MS = 2000;
const NUDGES = 5;
// In the worker's scope, passed to the network by it (the app shell never answers /api), small.
const NUDGE_URL = '/api/health';

export async function reloadIntoWaitingVersion(reloadPage: () => void = () => window.location.reload()) {
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    reloadPage();
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

  let nudges = 0;
  const nudging = setInterval(() => {
    if (reloading || waiting.state !== 'installed') {
      clearInterval(nudging);
      return;
    }
    if (nudges === NUDGES) {
      clearInterval(nudging);
      reload();
      return;
    }
    nudges += 1;
    openInHiddenFrame(NUDGE_URL);
  }, NUDGE_EVERY_MS);
}

function openInHiddenFrame(url: string) {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.src = url;
  const remove = () => frame.remove();
  frame.addEventListener('load', remove, { once: true });
  setTimeout(remove, NUDGE_EVERY_MS);
  document.body.append(frame);
}
