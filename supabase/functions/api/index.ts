// Supabase Edge Function entry: the same Hono app as the Node host, on Supabase Postgres.
// Secrets: SUPABASE_DB_URL (provided by Supabase), ADMIN_USERNAME, SESSION_TRANSPORT,
// ALLOWED_ORIGINS, optionally REQUEST_BODY_TIMEOUT_MS and LOG_LEVEL (error, warn, info, debug). Serve with
// `[functions.api] verify_jwt = false` (supabase/config.toml).
import { createApp } from './app.ts';
import { clientAddressFrom } from './lib/client-address.ts';
import { consoleLogger, logErrorTo, parseLogLevel } from './lib/logger.ts';
import { connectPostgres } from './lib/postgres-database.ts';

const databaseUrl = Deno.env.get('SUPABASE_DB_URL');
if (!databaseUrl) throw new Error('SUPABASE_DB_URL is not set');

const logger = consoleLogger(parseLogLevel(Deno.env.get('LOG_LEVEL')));
const database = connectPostgres(databaseUrl, { max: 3, prepare: false });

const api = createApp({
  database,
  adminUsername: Deno.env.get('ADMIN_USERNAME') ?? 'admin',
  sessionTransport: Deno.env.get('SESSION_TRANSPORT') === 'bearer' ? 'bearer' : 'cookie',
  allowedOrigins: (Deno.env.get('ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
  // Supabase's edge sits behind Cloudflare, which sets cf-connecting-ip itself (a client cannot
  // choose it); where that header is absent, the last X-Forwarded-For entry, the gateway's own.
  clientAddress: clientAddressFrom({ edgeHeader: 'cf-connecting-ip', behindProxy: true }),
  logError: logErrorTo(logger),
  logger,
  // How long a client may take to send a request body (default 10 s, then 408).
  bodyTimeoutMs: Number(Deno.env.get('REQUEST_BODY_TIMEOUT_MS')) || undefined,
});

// Supabase invokes the function as /api/...; locally it may be served at the root.
const port = Number(Deno.env.get('PORT') ?? '8000');
Deno.addSignalListener('SIGTERM', async () => {
  await database.close();
  Deno.exit(0);
});
Deno.serve(
  { port, onListen: ({ port }) => console.log(`api function listening on http://localhost:${port}`) },
  api.fetch,
);
