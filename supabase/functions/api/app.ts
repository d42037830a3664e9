import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { RequestDb } from './lib/database.ts';
import type { ApiOptions, AppEnv } from './lib/env.ts';
import { HttpError, fromDatabaseError } from './lib/http-error.ts';
import { apiSecurityHeaders } from './lib/security-headers.ts';
import { isAdminUser } from './lib/respond-user.ts';
import { findSessionUser, readSessionToken } from './lib/session.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { driverContactRoutes } from './routes/driver-contacts.ts';
import { passengerRoutes } from './routes/passengers.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';
import { rideRoutes } from './routes/rides.ts';
import { statsRoutes } from './routes/stats.ts';
import { userRoutes } from './routes/users.ts';
import { vendorRoutes } from './routes/vendor.ts';

export type { ApiOptions } from './lib/env.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_BODY_BYTES = 64 * 1024;

class Rollback extends Error {}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

// The one `api` app: the same routes on the Node host and in the Supabase Edge Function.
export function createApp(options: ApiOptions) {
  const app = new Hono<AppEnv>().basePath('/api');
  const allowed = new Set(options.allowedOrigins);

  // Security headers on every answer, errors and preflights included (lib/security-headers.ts).
  app.use('*', apiSecurityHeaders());

  app.use('*', async (c, next) => {
    c.set('options', options);
    await next();
  });

  if (allowed.size > 0) {
    app.use(
      '*',
      cors({
        origin: (origin) => (allowed.has(origin) ? origin : null),
        credentials: true,
        allowHeaders: ['authorization', 'content-type'],
        allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
        maxAge: 600,
      }),
    );
  }

  // Session cookies ride along on cross-site form posts; a state change must come from our
  // own page or an allowed origin.
  app.use('*', async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const ownHost = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? new URL(c.req.url).host;
      const foreign = origin
        ? originHost(origin) !== ownHost && !allowed.has(origin)
        : c.req.header('sec-fetch-site') === 'cross-site';
      if (foreign) throw new HttpError(403, 'Requests from other sites are not accepted');
    }
    await next();
  });

  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ message: 'Request body is too large' }, 413),
    }),
  );

  // One transaction per request: anything thrown rolls back everything the request did.
  app.use('*', async (c, next) => {
    try {
      await options.database.transaction(async (tx) => {
        const db = new RequestDb(tx);
        const token = readSessionToken(c);
        const session = token ? await findSessionUser(db, token) : null;
        const caller = session
          ? {
              userId: session.userId,
              isAdmin: isAdminUser(session.userId, session.discordUsername, options.adminUsername),
            }
          : null;
        await db.actAs(caller);
        c.set('db', db);
        c.set('caller', caller);
        c.set('sessionToken', session ? token : null);
        await next();
        if (c.error) throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
  });

  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.route('/', authRoutes);
  app.route('/', passwordResetRoutes);
  app.route('/', adminRoutes);
  app.route('/', rideRoutes);
  app.route('/', passengerRoutes);
  app.route('/', vendorRoutes);
  app.route('/', userRoutes);
  app.route('/', statsRoutes);
  app.route('/', driverContactRoutes);

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c) => {
    const refusal = error instanceof HttpError ? error : fromDatabaseError(error);
    if (refusal) return c.json({ message: refusal.message }, refusal.status, refusal.headers);
    options.logError?.(`${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
  });

  return app;
}
