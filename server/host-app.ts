import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../supabase/functions/api/app.ts';
import { clientAddressFrom } from '../supabase/functions/api/lib/client-address.ts';
import type { Database } from '../supabase/functions/api/lib/database.ts';
import { logToConsole } from '../supabase/functions/api/lib/env.ts';
import type { ServerConfig } from './config.ts';

const PLACEHOLDER_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>FC RideShare</title></head>
<body><main><h1>FC RideShare</h1><p>The API is running at <code>/api</code>.
Build the app with <code>npm run build</code> to serve it here.</p></main></body></html>`;

// Hashed build assets never change; the page and the service worker must always be fresh.
function cacheControlFor(path: string): string {
  return /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(path)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

export function createHostApp(config: ServerConfig, database: Database) {
  const api = createApp({
    database,
    adminUsername: config.adminUsername,
    sessionTransport: config.sessionTransport,
    allowedOrigins: config.allowedOrigins,
    clientAddress: clientAddressFrom({
      behindProxy: config.trustProxy,
      peerAddress: (c) => getConnInfo(c).remote.address,
    }),
    logError: logToConsole,
  });

  const host = new Hono();
  host.use('/api/*', compress());
  host.route('/', api);
  // Without this, an unknown /api path falls through to the app shell below and answers 200 HTML.
  host.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));

  const indexFile = join(config.staticDir, 'index.html');
  host.use(
    '*',
    serveStatic({
      root: config.staticDir,
      precompressed: true,
      onFound: (path, c) => {
        c.header('Cache-Control', cacheControlFor(path));
      },
    }),
  );
  // Client-side routes (/home, /rides/12, ...) all load the app shell; a missing file does not.
  host.get('*', async (c) => {
    if (/\.[a-z0-9]+$/i.test(new URL(c.req.url).pathname)) return c.text('Not found', 404);
    if (!existsSync(indexFile)) return c.html(PLACEHOLDER_PAGE);
    c.header('Cache-Control', 'no-cache');
    return serveStatic({ path: indexFile, precompressed: true })(c, async () => {});
  });
  return host;
}
