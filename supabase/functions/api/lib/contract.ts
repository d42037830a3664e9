// Every route declares its contract (issue 39 §1, docs/decisions/0042-the-api-contract-as-code.md):
// its path, its parameters, its body and each answer it gives, success and refusals, as zod
// schemas from _shared/schemas/. The declarations make the api's OpenAPI 3.1 document
// (GET /api/openapi.json), and the api suites check every answer a declared route gives against
// the schema declared for its status (tests/support/contract.ts).
//
// A declaration documents and checks; it does not validate. The handler still reads its own
// input (readId, readQuery, readBody: lib/validate.ts) in its own order, so a refusal keeps its
// status, code and message (401 before 400, SPEC §8's texts), and the body is still the one read
// before the transaction (ADR 0008). Never c.req.valid(): nothing filled it.
import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context, Schema } from 'hono';
import { z } from 'zod';

import {
  type KnownRefusalCode,
  refusal,
  type RefusalCode,
  type RefusalParams,
  REFUSALS,
} from '../../_shared/refusals.ts';
import { refusalOf } from '../../_shared/schemas/refusal-response.ts';
import type { AppEnv } from './env.ts';

// A group of routes with contracts: a Hono app like any other, which app.route() mounts and
// whose declarations then join the app's document.
export type ContractRoutes = OpenAPIHono<AppEnv>;
export const contractRoutes = (): ContractRoutes => new OpenAPIHono<AppEnv>();

// A JSON answer and what it is.
export function json<S extends z.ZodType>(description: string, schema: S) {
  return { description, content: { 'application/json': { schema } } };
}

// A JSON request body; `required: false` where no body at all reads as {} (lib/validate.ts).
export function jsonBody<S extends z.ZodType>(schema: S, { required = true } = {}) {
  return { required, content: { 'application/json': { schema } } };
}

export type RefusalStatus = 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 429 | 500 | 503;
type Codes = readonly [RefusalCode, ...RefusalCode[]];
type RefusalAnswer = ReturnType<typeof refusalAnswer>;

// The document's extension that lists a refusal's codes (a tool reads them without the schema).
const CODES_KEY = 'x-refusal-codes';

// A throttle's refusal says how long to wait (lib/http-error.ts).
const RETRY_AFTER = z.object({
  'Retry-After': z
    .string()
    .regex(/^[0-9]+$/)
    .meta({ description: 'Seconds to wait' }),
});

function refusalAnswer(status: string, codes: Codes) {
  const known = REFUSALS as Record<string, { message: string } | undefined>;
  return {
    description: codes.map((code) => (known[code] ? `${code}: ${known[code].message}` : code)).join('\n'),
    ...(status === '429' ? { headers: RETRY_AFTER } : {}),
    content: { 'application/json': { schema: refusalOf(codes) } },
    [CODES_KEY]: codes,
  };
}

// The refusals a route gives itself (requireCaller, readId, readBody, its SQL functions'
// `raise ... hint = '<code>'`), by status, each with every code it may carry. Those every route
// of its method may give (HOST_REFUSALS) are added when it is mounted.
export function refused<const T extends Partial<Record<RefusalStatus, Codes>>>(
  byStatus: T,
): { [Status in keyof T]: RefusalAnswer } {
  return Object.fromEntries(
    Object.entries(byStatus).map(([status, codes]) => [status, refusalAnswer(status, codes as Codes)]),
  ) as { [Status in keyof T]: RefusalAnswer };
}

// A refusal the handler answers instead of throwing it: a failed attempt it has just counted
// must commit (a thrown refusal rolls the request's transaction back). Its code is one the route
// declares for the status it is answered with (c.json(answered(c, 'invalid_credentials'), 401));
// the request log says its message in the caller's language and adds the same requestId
// (lib/request-log.ts).
export function answered<const C extends KnownRefusalCode>(c: Context<AppEnv>, code: C, params: RefusalParams = {}) {
  return { code, params, message: refusal(code, params).message, requestId: c.get('requestId') };
}

// What the app itself may answer on any route (app.ts): a state change from a foreign page
// (403), a body too large, too slow or cut short (lib/request-body.ts), an unexpected error.
const HOST_REFUSALS: { all: Partial<Record<RefusalStatus, Codes>>; write: Partial<Record<RefusalStatus, Codes>> } = {
  all: { 500: ['server_error'] },
  write: { 400: ['body_incomplete'], 403: ['foreign_origin'], 408: ['body_too_slow'], 413: ['body_too_large'] },
};

// Every JSON GET's ETag (lib/etag.ts): the same If-None-Match gets 304 and no body.
const NOT_MODIFIED = { description: 'Not modified: the answer is still the one whose ETag was sent in If-None-Match' };

type Responses = RouteConfig['responses'];

function withHostAnswers(method: RouteConfig['method'], responses: Responses): Responses {
  const merged: Responses = { ...responses };
  const host = method === 'get' ? HOST_REFUSALS.all : { ...HOST_REFUSALS.write, ...HOST_REFUSALS.all };
  for (const [status, codes] of Object.entries(host) as Array<[string, Codes]>) {
    const declared = merged[status] as { [CODES_KEY]?: Codes } | undefined;
    // A status the route answers with something else than a refusal is the route's to describe.
    if (declared && !declared[CODES_KEY]) continue;
    const own = declared?.[CODES_KEY] ?? [];
    merged[status] = refusalAnswer(status, [...new Set([...own, ...codes])] as unknown as Codes);
  }
  if (method === 'get') merged[304] ??= NOT_MODIFIED;
  return merged;
}

// The handler of a declared route: it may only answer what its success entries declare
// (`return c.json(answer, 200)`, the status written out); refusals are thrown (HttpError).
export type ContractHandler<R extends RouteConfig> = RouteHandler<R, AppEnv, Record<never, never>, string>;

// Declares the route (createRoute) on the group, or on the app itself (api/app.ts, under its
// base path), and mounts its handler at its path ({id} -> :id).
export function mount<R extends RouteConfig>(
  app: OpenAPIHono<AppEnv, Schema, string>,
  route: R,
  handler: ContractHandler<R>,
): void {
  app.openAPIRegistry.registerPath({ ...route, responses: withHostAnswers(route.method, route.responses) });
  app.on(route.method.toUpperCase(), route.path.replaceAll(/\{([^}]+)\}/g, ':$1'), handler);
}
