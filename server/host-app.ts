import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';

import { refusal } from '../supabase/functions/_shared/refusals.ts';
import { createApp } from '../supabase/functions/api/app.ts';
import { clientAddressFrom } from '../supabase/functions/api/lib/client-address.ts';
import type { Database } from '../supabase/functions/api/lib/database.ts';
import { consoleLogger, logErrorTo } from '../supabase/functions/api/lib/logger.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  originOf,
  pageContentSecurityPolicy,
  securityHeaders,
} from '../supabase/functions/api/lib/security-headers.ts';
import { mayCarrySession } from '../supabase/functions/api/lib/session.ts';
import { requestLink } from '../supabase/functions/api/shared-links/request-link.ts';
import { rideLink } from '../supabase/functions/api/shared-links/ride-link.ts';
import { type SharedLink, sharedLinkPage } from '../supabase/functions/api/shared-links/shared-link-page.ts';
import { appShell } from './app-shell.ts';
import type { ServerConfig } from './config.ts';
import { pageOrigin } from './page-origin.ts';

const PLACEHOLDER_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>FC RideShare</title></head>
<body><main><h1>FC RideShare</h1><p>The API is running at <code>/api</code>.
Build the app with <code>npm run build</code> to serve it here.</p></main></body></html>`;

// Hashed build assets never change; the page and the service worker must always be fresh.
// `path` is the file sent: with precompression, `index-abc12345.js.br`.
function cacheControlFor(path: string): string {
  return /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz|zst))?$/.test(path)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

// Where the served PWA may send fetch()es besides this origin, the geocoder and the tiles:
// - VITE_API_URL's origin: a PWA built with VITE_API_URL calls an api on another origin (hosted
//   Supabase). `npm start` builds and serves in one environment, so the variable is still set.
// - CSP_CONNECT_SRC: more CSP sources, space- or comma-separated, for any other setup.
// The same-origin default (/api on this host) needs neither.
export function extraConnectSources(env: Record<string, string | undefined> = process.env): string[] {
  const sources = (env.CSP_CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean);
  for (const source of sources) {
    if (!/^[A-Za-z0-9*'][\x21-\x7e]*$/.test(source) || /[;,]/.test(source)) {
      throw new Error(`Invalid environment variable CSP_CONNECT_SRC: ${JSON.stringify(source)} is not a CSP source`);
    }
  }
  const apiOrigin = originOf(env.VITE_API_URL);
  return apiOrigin ? [apiOrigin, ...sources] : sources;
}

export function createHostApp(
  config: ServerConfig,
  database: Database,
  env: Record<string, string | undefined> = process.env,
) {
  const pagePolicy = pageContentSecurityPolicy(extraConnectSources(env));
  const logger = consoleLogger(config.logLevel);
  const logError = logErrorTo(logger);
  const api = createApp({
    database,
    adminUsername: config.adminUsername,
    sessionTransport: config.sessionTransport,
    allowedOrigins: config.allowedOrigins,
    clientAddress: clientAddressFrom({
      behindProxy: config.trustProxy,
      peerAddress: (c) => getConnInfo(c).remote.address,
    }),
    logError,
    logger,
    bodyTimeoutMs: config.bodyTimeoutMs,
    liveChat: true,
  });

  const host = new Hono();
  // Outermost, so it has the last word on every answer: the page's policy on the PWA's files,
  // the api's on /api (which app.ts already set), and HSTS only over https, X-Forwarded-Proto
  // believed only behind TRUST_PROXY.
  host.use(
    '*',
    securityHeaders({
      contentSecurityPolicy: (c) =>
        /^\/api(\/|$)/.test(new URL(c.req.url).pathname) ? API_CONTENT_SECURITY_POLICY : pagePolicy,
      trustForwardedProto: config.trustProxy,
    }),
  );
  host.use('/api/*', compress());
  host.route('/', api);
  // Without this, an unknown /api path falls through to the app shell below and answers 200 HTML.
  host.all('/api/*', (c) => c.json(refusal('not_found'), 404));

  const indexFile = join(config.staticDir, 'index.html');
  // A shared link previews itself (ADR 0020): the shell with the card (and data) of the ride or
  // ride request. Rewritten per request, so no precompressed index.html fits: compressed on the
  // fly instead.
  const shellText = appShell(indexFile);
  const previewed =
    <T>(link: SharedLink<T>) =>
    async (c: Context) => {
      const shell = await shellText();
      if (shell === undefined) return c.html(PLACEHOLDER_PAGE);
      c.header('Cache-Control', 'no-cache');
      // What paints first differs for someone signed out (ride-snapshot.ts).
      c.header('Vary', 'Cookie', { append: true });
      const address = {
        origin: pageOrigin(c.req.url, c.req.header('x-forwarded-proto'), config),
        path: new URL(c.req.url).pathname,
        idText: c.req.param('id') ?? '',
        visitor: !mayCarrySession(c),
      };
      return c.html(await sharedLinkPage(shell, database, link, address, logError));
    };
  host.get('/rides/:id', compress(), previewed(rideLink));
  host.get('/requests/:id', compress(), previewed(requestLink));
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
