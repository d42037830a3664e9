import type { Server } from 'node:http';

import { serve } from '@hono/node-server';

import { connectPostgres } from '../supabase/functions/api/lib/postgres-database.ts';
import { serveBackups } from './backup.ts';
import { readConfig } from './config.ts';
import { createHostApp } from './host-app.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite-database.ts';
import { startPgliteUpkeep } from './pglite-upkeep.ts';
import { startReminderClock } from './reminder-clock.ts';

async function main() {
  const config = readConfig();
  const pglite = config.databaseUrl ? null : await openPglite(config.dataDir);
  const database = pglite ?? connectPostgres(config.databaseUrl!);
  const { applied, seeded } = await migrate(database);
  if (applied.length > 0) console.log(`Applied ${applied.length} migration(s)${seeded ? ' and the seed' : ''}.`);
  if (config.throttleLimitsScale && config.throttleLimitsScale > 1) {
    await database.transaction((tx) =>
      // Not the push bounds: scaled, a device cap of 10 or one wake per burst of edits would
      // mean something else, and no suite needs more of them.
      tx.query(
        `update private.throttle_limits set max_count = least(max_count::bigint * $1::integer, 1000000000)
          where name not like 'push:%'`,
        [config.throttleLimitsScale],
      ),
    );
    console.log(`Throttle limits multiplied by ${config.throttleLimitsScale} (THROTTLE_LIMITS_SCALE, for tests only).`);
  }

  // `npm run backup` asks this process for a snapshot (backup.ts); PostgreSQL has pg_dump.
  const stopBackups = pglite ? await serveBackups(config.dataDir, pglite) : async () => {};
  // PostgreSQL has autovacuum; PGlite has nothing of the kind (pglite-upkeep.ts).
  const stopUpkeep = pglite ? startPgliteUpkeep(pglite) : async () => {};
  // The day-before question's clock (ADR 0051), on both databases.
  const stopReminders = startReminderClock(database, config.publicAppUrl);

  const server = serve(
    { fetch: createHostApp(config, database).fetch, port: config.port, hostname: config.host },
    (info) => {
      const where = config.databaseUrl ? 'PostgreSQL from DATABASE_URL' : `embedded PGlite in ${config.dataDir}`;
      console.log(`FC RideShare listening on http://localhost:${info.port} (${where})`);
    },
  );

  // Node closes an idle keep-alive socket after 5 s, racing a client (a reverse proxy, a test's
  // request context) that reuses it at that moment: the client reads ECONNRESET. Idle sockets
  // stay open longer than the usual proxy's 60 s, so the client is the one that closes first.
  const http1 = server as Server;
  http1.keepAliveTimeout = 65_000;
  http1.headersTimeout = 66_000;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down.`);
    server.close(async () => {
      await stopBackups();
      await stopUpkeep();
      await stopReminders();
      await database.close();
      process.exit(0);
    });
    // Keep-alive connections must not hold the shutdown open.
    http1.closeAllConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
