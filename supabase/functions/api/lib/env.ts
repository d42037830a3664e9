import type { Context } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import type { Caller, Database, RequestDb } from './database.ts';
import { HttpError } from './http-error.ts';
import type { Logger } from './logger.ts';
import type { SessionTransport } from './session.ts';

export interface ApiOptions {
  database: Database;
  adminUsername: string;
  sessionTransport: SessionTransport;
  // Origins other than the api's own that may call it with credentials (a PWA on another host).
  allowedOrigins: string[];
  // The caller's network address for login throttling, as the host knows it.
  clientAddress: (c: Context) => string | null;
  // Where unexpected errors go; never given request bodies or tokens.
  logError?: (message: string, error: unknown) => void;
  // One JSON line per request (lib/request-log.ts), at the host's LOG_LEVEL; none when absent.
  logger?: Logger;
  // How long a client may take to send its request body (default 10 s; then 408).
  bodyTimeoutMs?: number;
  // Serve the ride chat's live stream (GET /api/rides/{id}/messages/stream), fed by the
  // database's LISTEN: the Node host. The Supabase function leaves it off: an edge function's
  // requests are cut after a few minutes and billed while open (docs/decisions/0025-…).
  liveChat?: boolean;
  // Tests only, never set by a host: how long a live chat stream's output may wait for a client
  // that takes none before the stream is closed (default STREAM_STALL_MS, a minute).
  streamStallMs?: number;
  // Tests only, never set by a host: how many bytes may wait for a live chat stream's client
  // before the stream is closed (default STREAM_BUFFER_MAX_BYTES, 1 MB). Deltas are small, so
  // passing the host's bound takes thousands of messages.
  streamBufferMaxBytes?: number;
  // Tests only, never set by a host: bcrypt's cost for new passwords (default BCRYPT_COST, 10).
  // The in-process api suites register thousands of members; at cost 4 a hash is ~1 ms of CPU
  // instead of ~70 ms. Verifying reads the cost from the stored hash, so nothing else changes.
  passwordCost?: number;
}

export interface AppEnv {
  Variables: {
    db: RequestDb;
    caller: Caller | null;
    sessionToken: string | null;
    options: ApiOptions;
    // A new password's bcrypt hash, made before the transaction opened (credentials.ts).
    passwordHashAhead: { password: string; hash: string } | undefined;
    // This request's id: the x-request-id header, error answers and log lines (request-log.ts).
    requestId: string;
    // The language the session's member keeps (null: none chosen, or no session), which a
    // refusal's message is said in (refusal-language.ts).
    language: string | null;
  };
}

export function requireCaller(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw new HttpError(401, refusal('login_required'));
  return caller;
}
