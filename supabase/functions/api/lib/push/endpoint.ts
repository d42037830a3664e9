// A push endpoint is a URL the server will POST to, chosen by whoever subscribes. Only the
// browsers' own push services are accepted (ADR 0019): https on the default port to a host
// below. A name is never resolved to be judged, so a name that resolves to this machine or the
// network behind it (127.0.0.1.nip.io, metadata.google.internal) cannot be aimed at; the
// services' DNS is theirs, and the server never follows redirects (the sender sets
// redirect: 'manual').

// Exact hosts, and domains whose subdomains are the service's own push hosts. These are the
// hosts the browsers' PushSubscription.endpoint names (Chromium's push_messaging constants,
// Mozilla's autopush, Windows Push Notification Services, Apple's web push).
const PUSH_SERVICE_HOSTS = new Set([
  'fcm.googleapis.com', // Chrome, Opera, Samsung Internet, Brave: Firebase Cloud Messaging
  'android.googleapis.com', // Chrome's subscriptions from before FCM
]);
const PUSH_SERVICE_DOMAINS = [
  '.push.services.mozilla.com', // Firefox: updates.push.services.mozilla.com
  '.notify.windows.com', // Edge on Windows: wns2-<region>.notify.windows.com
  '.push.apple.com', // Safari: web.push.apple.com
];

function isPushService(host: string): boolean {
  return PUSH_SERVICE_HOSTS.has(host) || PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain));
}

// The tests' HTTPS receiver on this machine, when the host's environment says so
// (PUSH_ALLOW_LOOPBACK=1, never settable by a request): any port. The URL parser has already
// turned 0x7f.1, 2130706433 and the like into dotted decimal.
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

// Null when the server may POST to this URL; otherwise why not, to answer 400 with.
export function pushEndpointRefusal(endpoint: string, options: { allowLoopback: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Push endpoint must be a URL';
  }
  if (url.protocol !== 'https:') return 'Push endpoint must be an https URL';
  if (url.username || url.password) return 'Push endpoint must not carry credentials';
  // A trailing dot names the same host; the list has none.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (options.allowLoopback && isLoopback(host)) return null;
  // '' is 443, the only port the push services listen on.
  if (url.port !== '' || !isPushService(host)) return 'Push endpoint must be a browser push service';
  return null;
}
