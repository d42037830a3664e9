import type { Context, MiddlewareHandler } from 'hono';
import { requestId as honoRequestId } from 'hono/request-id';
import { matchedRoutes } from 'hono/route';

import type { RefusalParams } from '../../_shared/refusals.ts';
import type { AppEnv } from './env.ts';
import { describeError, type Logger, logLine } from './logger.ts';
import { refusalLanguage, refusalMessageIn } from './refusal-language.ts';

// A caller's own id is kept when it is a short plain token (a proxy's or a client's trace id);
// anything else, and anything that could be the request's own credential, gets a fresh one.
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,64}$/;

function requestIdFor(c: Context): string {
  const incoming = c.req.header('x-request-id');
  if (incoming && INCOMING_ID.test(incoming)) {
    const credentials = `${c.req.header('authorization') ?? ''} ${c.req.header('cookie') ?? ''}`;
    if (!credentials.includes(incoming)) return incoming;
  }
  return crypto.randomUUID();
}

// The pattern of the route that answered (/api/rides/:id), never the path itself: ids and
// reset codes stay out of the log. A request no route matched (404) has none.
export function routePatternOf(c: Context): string | null {
  const routes = matchedRoutes(c).filter((route) => !route.path.endsWith('*'));
  return routes.at(-1)?.path ?? null;
}

// Every refusal's JSON, wherever it was made (the error handler, a handler's own answer,
// notFound), leaves as { code, params, message, requestId }: params {} when it has none, the
// message in the caller's language (refusal-language.ts), and the request's id, so a member's
// report of an error finds its log line. Every other answer is left as it was.
async function finishedRefusal(c: Context<AppEnv>, response: Response, requestId: string): Promise<Response | null> {
  if (response.status < 400 || !response.headers.get('content-type')?.startsWith('application/json')) return null;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { code, message, params } = body as { code?: unknown; message?: unknown; params?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  const values = (
    typeof params === 'object' && params !== null && !Array.isArray(params) ? params : {}
  ) as RefusalParams;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const finished = {
    code,
    params: values,
    message: refusalMessageIn(refusalLanguage(c), code, values, message),
    requestId,
  };
  return new Response(JSON.stringify(finished), { status: response.status, headers });
}

// hono/request-id sets c.var.requestId, with every decision ours (requestIdFor): its own reading
// of x-request-id keeps any [A-Za-z0-9_=-] id up to 255 characters, the request's own session
// token included, so it reads no header (headerName '') and asks the generator every time. The
// header is set below, once the answer is final (a refusal's answer is made anew). ADR 0050.
const assignRequestId = honoRequestId({ headerName: '', generator: requestIdFor });

// Outermost on the api: one line per request, after the answer is made (time, id, method, route
// pattern, status, duration, member). Never the body, headers, query or tokens.
export function requestLog(logger: Logger | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await assignRequestId(c, next);
    const requestId = c.get('requestId');
    const refusal = await finishedRefusal(c, c.res, requestId);
    if (refusal) {
      // Replacing c.res merges the old answer's headers into the new one; start from none.
      c.res = undefined;
      c.res = refusal;
    }
    c.res.headers.set('x-request-id', requestId);
    const status = c.res.status;
    const failed = status >= 500;
    logLine(logger, failed ? 'error' : 'info', {
      requestId,
      method: c.req.method,
      route: routePatternOf(c),
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      memberId: c.get('caller')?.userId ?? null,
      ...(failed && c.error ? { error: describeError(c.error) } : {}),
    });
  };
}
