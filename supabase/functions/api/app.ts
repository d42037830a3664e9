import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { cors } from 'hono/cors';

import { refusal } from '../_shared/refusals.ts';
import { healthSchema, type OpenApiDocument, openApiDocumentSchema } from '../_shared/schemas/app-response.ts';
import { ChatWakeups } from './lib/chat-wakeups.ts';
import { json, mount } from './lib/contract.ts';
import type { ApiOptions, AppEnv } from './lib/env.ts';
import { etags } from './lib/etag.ts';
import { readHealth } from './lib/health.ts';
import { fromDatabaseError, HttpError } from './lib/http-error.ts';
import { pushAfterCommit } from './lib/push/sender.ts';
import { readRequestBody } from './lib/request-body.ts';
import { requestLog, routePatternOf } from './lib/request-log.ts';
import { requestTransaction } from './lib/request-transaction.ts';
import { apiSecurityHeaders } from './lib/security-headers.ts';
import { accountRoutes } from './routes/account.ts';
import { adminBeforeTransaction, adminRoutes } from './routes/admin.ts';
import { authBeforeTransaction, authRoutes } from './routes/auth.ts';
import { borderChecklistRoutes } from './routes/border-checklist.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { driverContactRoutes } from './routes/driver-contacts.ts';
import { followRoutes } from './routes/follows.ts';
import { memberBlockRoutes } from './routes/member-blocks.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { passengerRoutes } from './routes/passengers.ts';
import { passwordResetBeforeTransaction, passwordResetRoutes } from './routes/password-reset.ts';
import { paymentRoutes } from './routes/payments.ts';
import { policyRoutes } from './routes/policies.ts';
import { pushRoutes } from './routes/push.ts';
import { rideAlertRoutes } from './routes/ride-alerts.ts';
import { rideChatRoutes } from './routes/ride-chat.ts';
import { rideChatStreamRoutes } from './routes/ride-chat-stream.ts';
import { rideHandoverRoutes } from './routes/ride-handovers.ts';
import { rideRequestRoutes } from './routes/ride-requests.ts';
import { rideSeriesRoutes } from './routes/ride-series.ts';
import { rideListsBeforeTransaction, rideRoutes } from './routes/rides.ts';
import { sharedLinkRoutes } from './routes/shared-links.ts';
import { statsRoutes } from './routes/stats.ts';
import { stillComingRoutes } from './routes/still-coming.ts';
import { tripDayRoutes } from './routes/trip-day.ts';
import { userRoutes } from './routes/users.ts';
import { vendorRoutes } from './routes/vendor.ts';
import { waitlistRoutes } from './routes/waitlist.ts';

export type { ApiOptions } from './lib/env.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Where the api answers, on every host.
export const API_BASE_PATH = '/api';

// The OpenAPI document's own description of the api (GET /api/openapi.json, ADR 0042).
const DOCUMENT_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'FC RideShare api',
    version: '1',
    description:
      'The calls of the FC RideShare app, on the Node host and the Supabase function alike. ' +
      'Every refusal is JSON { code, params, message, requestId } (ADR 0047): params holds the values ' +
      "its text names, message is in the member's language. Every call is declared here; docs/api.md " +
      'lists them, and SPEC §7 says what the original ones do.',
  },
};

const getHealth = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Host'],
  summary: "The database's state and its newest migration",
  responses: {
    200: json('The database answers', healthSchema),
    503: json('The database does not answer', healthSchema),
  },
});

const getDocument = createRoute({
  method: 'get',
  path: '/openapi.json',
  tags: ['Host'],
  summary: "This document: the declared calls' parameters, bodies and answers",
  responses: { 200: json('The OpenAPI 3.1 document', openApiDocumentSchema) },
});

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

// The one `api` app: the same routes on the Node host and in the Supabase Edge Function.
export function createApp(options: ApiOptions) {
  const app = new OpenAPIHono<AppEnv>().basePath(API_BASE_PATH);
  const allowed = new Set(options.allowedOrigins);

  // Outermost: the request id and the log line see every answer, refusals and preflights too.
  app.use('*', requestLog(options.logger));

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
        // A PWA on another origin can quote the id of a failed request.
        exposeHeaders: ['x-request-id'],
        maxAge: 600,
      }),
    );
  }

  // Session cookies ride along on cross-site form posts; a state change must come from our
  // own page or an allowed origin, whatever its body type (hono/csrf checks form bodies only,
  // so a cross-site JSON write would pass it: ADR 0050).
  app.use('*', async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const ownHost = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? new URL(c.req.url).host;
      const foreign = origin
        ? originHost(origin) !== ownHost && !allowed.has(origin)
        : c.req.header('sec-fetch-site') === 'cross-site';
      if (foreign) throw new HttpError(403, refusal('foreign_origin'));
    }
    await next();
  });

  // Nothing below waits on the client: the whole body (64 KB at most, 413 past that) is read
  // first, within a deadline (408), so a slow or stalled upload never holds the database.
  app.use('*', readRequestBody({ timeoutMs: options.bodyTimeoutMs }));

  // ETag and 304 for every JSON GET, worked out once the request's transaction has ended
  // (lib/etag.ts, docs/decisions/0009-windowed-ride-lists.md).
  app.use('*', etags());

  // bcrypt work (hashing a new password, checking a login) done before the transaction opens;
  // login opens its transactions itself. See docs/decisions/0008-body-before-transaction.md.
  app.route('/', authBeforeTransaction);
  app.route('/', passwordResetBeforeTransaction);
  app.route('/', adminBeforeTransaction);
  // Cached public lists need no transaction of their own (lib/list-cache.ts).
  app.route('/', rideListsBeforeTransaction);

  // An open chat's live stream holds no transaction: each read it makes is one of its own
  // (routes/ride-chat-stream.ts). Only where the host serves it; elsewhere the route is absent
  // (404) and the PWA asks again every few seconds instead.
  const { database } = options;
  if (options.liveChat && database.listen) {
    const wakeups = new ChatWakeups((channel, onPayload) => database.listen!(channel, onPayload));
    app.route('/', rideChatStreamRoutes(wakeups, options));
  }

  // A shared link's page for a static host's edge middleware (routes/shared-links.ts): read as a
  // visitor, in a transaction of its own, after the site's shell has been fetched.
  app.route('/', sharedLinkRoutes(options.database, options.allowedOrigins));

  // The database's own state, so it is read outside a request transaction (lib/health.ts).
  mount(app, getHealth, async (c) => {
    const health = await readHealth(options.database);
    return health.status === 'ok' ? c.json(health, 200) : c.json(health, 503);
  });

  // Every declared route's contract (lib/contract.ts), made on the first request, once every
  // route below is mounted, and kept: the declarations do not change while the app runs.
  let document: OpenApiDocument | undefined;
  mount(app, getDocument, (c) =>
    c.json((document ??= app.getOpenAPI31Document(DOCUMENT_INFO) as unknown as OpenApiDocument), 200),
  );

  // Web Push queued by a change is sent once its transaction has committed (lib/push/sender.ts).
  app.use('*', pushAfterCommit());
  // One transaction per request: anything thrown rolls back everything the request did.
  app.use('*', requestTransaction);

  app.route('/', authRoutes);
  app.route('/', passwordResetRoutes);
  app.route('/', adminRoutes);
  app.route('/', rideRoutes);
  app.route('/', passengerRoutes);
  app.route('/', rideHandoverRoutes);
  app.route('/', calendarRoutes);
  app.route('/', paymentRoutes);
  app.route('/', tripDayRoutes);
  app.route('/', stillComingRoutes);
  app.route('/', vendorRoutes);
  app.route('/', userRoutes);
  app.route('/', statsRoutes);
  app.route('/', driverContactRoutes);
  app.route('/', pushRoutes);
  app.route('/', rideAlertRoutes);
  app.route('/', followRoutes);
  app.route('/', waitlistRoutes);
  app.route('/', rideSeriesRoutes);
  app.route('/', notificationRoutes);
  app.route('/', borderChecklistRoutes);
  app.route('/', rideRequestRoutes);
  app.route('/', rideChatRoutes);
  app.route('/', accountRoutes);
  app.route('/', policyRoutes);
  app.route('/', moderationRoutes);
  app.route('/', memberBlockRoutes);

  // Every refusal: its stable code, its values and SPEC §8's message (../_shared/refusals.ts);
  // lib/request-log.ts says the message in the caller's language and adds the request's id.
  app.notFound((c) => c.json(refusal('not_found'), 404));
  app.onError((error, c) => {
    const refused = error instanceof HttpError ? error : fromDatabaseError(error);
    if (refused) return c.json(refused.body, refused.status, refused.headers);
    options.logError?.(
      `${c.req.method} ${routePatternOf(c) ?? '(no route)'} failed (request ${c.get('requestId')})`,
      error,
    );
    return c.json(refusal('server_error'), 500);
  });

  return app;
}
