// Web Push in the service worker (imported by the generated sw.js, see vite.config.ts): the api
// sends {title, body, url, tag}, encrypted for this device; the browser hands it here decrypted.

const PUSH_ICON = '/icons/icon-192.png';

function readPush(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

// Only paths on this origin: a push can never send the member somewhere else.
function samePath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/inbox';
}

self.addEventListener('push', (event) => {
  const data = readPush(event);
  const title = typeof data.title === 'string' && data.title ? data.title : 'FC RideShare';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      // The day before's Yes / No (issue 40 §5); a browser without action buttons shows none.
      actions: Array.isArray(data.actions)
        ? data.actions
            .filter((item) => item && typeof item.action === 'string' && typeof item.title === 'string')
            .slice(0, 2)
        : undefined,
      data: {
        url: samePath(data.url),
        answerUrl: typeof data.answerUrl === 'string' ? samePath(data.answerUrl) : undefined,
      },
    }),
  );
});

// Yes on the day-before push answers at once with the device's session cookie (the Node host's
// transport). Where the session is a bearer token the page holds (hosted Supabase), or the
// answer is refused, the ride's page opens on the same question instead; No always opens it,
// since leaving a ride is confirmed there.
async function answerYes(answerUrl) {
  if (!answerUrl) return false;
  try {
    const response = await fetch(answerUrl, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ answer: 'yes' }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

// Tapping the notification: an open window of the app goes to the ride; otherwise a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = new URL(samePath(data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      if (event.action === 'still-coming-yes' && (await answerYes(data.answerUrl))) return;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        if ('navigate' in client) {
          try {
            await client.navigate(target);
            return;
          } catch {
            // An uncontrolled window cannot be navigated from here: open a new one instead.
          }
        }
        break;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
