import { z } from 'zod';

import { LOG_LEVELS } from '../supabase/functions/api/lib/logger.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().min(1).optional(),
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  SESSION_TRANSPORT: z.enum(['cookie', 'bearer']).default('cookie'),
  ALLOWED_ORIGINS: z.string().default(''),
  // The app's public address (https://rides.example.org/): shared links' cards name it, and the
  // calendar file links to it. Its origin only.
  PUBLIC_APP_URL: z
    .url({ protocol: /^https?$/ })
    .transform((value) => new URL(value).origin)
    .optional(),
  // Behind a reverse proxy, the client's address is the last X-Forwarded-For entry: the one the
  // proxy appended (a client can put anything before it).
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  STATIC_DIR: z.string().min(1).default('dist'),
  // How long a client may take to send a request body before it gets 408.
  REQUEST_BODY_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  // Tests only: multiplies every limit in private.throttle_limits at each start, so a browser
  // suite can register and create more from one address than a person would. Never in
  // production: it weakens the abuse throttles (and compounds over restarts).
  THROTTLE_LIMITS_SCALE: z.coerce.number().int().min(1).max(1000).optional(),
  // The api's request log on stdout: error (5xx only), warn, info (every request), debug.
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});

export type ServerConfig = ReturnType<typeof readConfig>;

export function readConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const config = parsed.data;
  return {
    port: config.PORT,
    host: config.HOST,
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    adminUsername: config.ADMIN_USERNAME,
    sessionTransport: config.SESSION_TRANSPORT,
    allowedOrigins: config.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: config.TRUST_PROXY === '1' || config.TRUST_PROXY === 'true',
    publicAppUrl: config.PUBLIC_APP_URL,
    staticDir: config.STATIC_DIR,
    bodyTimeoutMs: config.REQUEST_BODY_TIMEOUT_MS,
    throttleLimitsScale: config.THROTTLE_LIMITS_SCALE,
    logLevel: config.LOG_LEVEL,
  };
}
