// Every answer of a declared route is checked against its contract (ADR 0042): the schema its
// declaration gives that status (supabase/functions/api/lib/contract.ts). The test clients
// (api-client.ts, http-client.ts, accounts.ts raw) call checkAnswer on each answer they get; a
// status the route does not declare, or a body its schema refuses or that holds a field the
// schema does not name, throws with the route, the status and zod's issues. An answer that is not
// JSON (a calendar file) is checked as text against the schema of the media type it declares.
import type { RouteConfig } from '@hono/zod-openapi';
import { inspectRoutes } from 'hono/dev';
import type { z } from 'zod';

import { API_BASE_PATH, type createApp } from '../../supabase/functions/api/app.ts';

type App = ReturnType<typeof createApp>;

export interface MountedRoute {
  method: string;
  // Hono's pattern, the base path included: /api/rides/:id/payment.
  path: string;
}

// The routes the app answers (its handlers, not its middleware), once each, in mounting order.
export function mountedRoutes(app: App): MountedRoute[] {
  const seen = new Set<string>();
  const routes: MountedRoute[] = [];
  for (const { method, path, isMiddleware } of inspectRoutes(app)) {
    const key = `${method} ${path}`;
    if (isMiddleware || seen.has(key)) continue;
    seen.add(key);
    routes.push({ method, path });
  }
  return routes;
}

// A declaration's path as Hono writes it: /rides/{id} -> /api/rides/:id.
export function honoPath(openApiPath: string): string {
  return `${API_BASE_PATH}${openApiPath === '/' ? '' : openApiPath}`.replace(/\{([^}]+)\}/g, ':$1');
}

// The declared routes of the app, by "METHOD /api/pattern".
export function declaredRoutes(app: App): Map<string, RouteConfig> {
  const declared = new Map<string, RouteConfig>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    declared.set(`${definition.route.method.toUpperCase()} ${honoPath(definition.route.path)}`, definition.route);
  }
  return declared;
}

// Hono's pattern as a regular expression over a path (strict: no trailing slash added).
function patternRegExp(path: string): RegExp {
  const parts = path.split('/').map((part) => {
    if (part === '*') return '.*';
    const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?(\?)?$/.exec(part);
    if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('/')}$`);
}

interface Contract {
  routes: Array<MountedRoute & { pattern: RegExp }>;
  declared: Map<string, RouteConfig>;
}

const contracts = new WeakMap<object, Contract>();

function contractOf(app: App): Contract {
  let contract = contracts.get(app);
  if (!contract) {
    contract = {
      routes: mountedRoutes(app).map((route) => ({ ...route, pattern: patternRegExp(route.path) })),
      declared: declaredRoutes(app),
    };
    contracts.set(app, contract);
  }
  return contract;
}

// The route that answers method + path, as Hono picks it: the first one mounted that matches.
function answeringRoute(contract: Contract, method: string, pathname: string): MountedRoute | undefined {
  return contract.routes.find(
    (route) => (route.method === method || route.method === 'ALL') && route.pattern.test(pathname),
  );
}

// Where the answer holds what the schema does not name (zod's objects drop unknown keys, so the
// parsed value lacks them): a field added to an answer must be added to its schema too.
function undeclaredFields(sent: unknown, parsed: unknown, path: string, found: string[]): void {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    sent.forEach((item, index) => undeclaredFields(item, parsed[index], `${path}[${index}]`, found));
    return;
  }
  if (sent === null || parsed === null || typeof sent !== 'object' || typeof parsed !== 'object') return;
  for (const [key, value] of Object.entries(sent)) {
    if (!Object.hasOwn(parsed, key)) found.push(`${path}.${key}`);
    else undeclaredFields(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`, found);
  }
}

export interface Answer {
  method: string;
  // The request's path, a query string or an origin allowed.
  url: string;
  status: number;
  contentType: string | null;
  // The JSON parsed, or the text when it is not JSON.
  body: unknown;
  text: string;
}

export class ContractMismatch extends Error {
  override name = 'ContractMismatch';
}

// Throws when a declared route's answer is not what it declares for its status.
export function checkAnswer(app: App, answer: Answer): void {
  const method = answer.method.toUpperCase();
  // HEAD has no body to check; OPTIONS is CORS's preflight, answered before any route.
  if (method === 'HEAD' || method === 'OPTIONS') return;
  const pathname = new URL(answer.url, 'http://api.test').pathname;
  const contract = contractOf(app);
  const route = answeringRoute(contract, method, pathname);
  const declared = route && contract.declared.get(`${route.method} ${route.path}`);
  if (!declared) return;
  const where = `${method} ${pathname} (${route.path}) answered ${answer.status}`;
  const response = declared.responses[answer.status] as
    { content?: Record<string, { schema?: z.ZodType }> } | undefined;
  if (!response) {
    const statuses = Object.keys(declared.responses).join(', ');
    throw new ContractMismatch(`${where}, a status its contract does not declare (${statuses})`);
  }
  const declaredTypes = Object.keys(response.content ?? {});
  if (declaredTypes.length === 0) {
    if (answer.text !== '') throw new ContractMismatch(`${where} with a body where its contract declares none`);
    return;
  }
  // The media type sent, without its parameters (charset): one the contract declares for the
  // status, whose schema then reads the body (the JSON parsed, another type's text as it is).
  const mediaType = answer.contentType?.split(';')[0]!.trim().toLowerCase();
  const schema = mediaType ? response.content?.[mediaType]?.schema : undefined;
  if (!schema) {
    throw new ContractMismatch(
      `${where} as ${answer.contentType ?? 'no content type'}, not ${declaredTypes.join(' or ')}`,
    );
  }
  const parsed = schema.safeParse(mediaType === 'application/json' ? answer.body : answer.text);
  if (!parsed.success) {
    throw new ContractMismatch(
      `${where} with a body its contract refuses:\n${JSON.stringify(parsed.error.issues, null, 2)}`,
    );
  }
  const undeclared: string[] = [];
  undeclaredFields(answer.body, parsed.data, '$', undeclared);
  if (undeclared.length > 0) {
    throw new ContractMismatch(`${where} with fields its contract does not name: ${undeclared.join(', ')}`);
  }
}

// A test client's one reading of an answer: the text, JSON when it parses (left as text when it
// does not: a test asserting JSON will say so), checked against the route's contract.
export async function readCheckedAnswer(
  app: App,
  method: string,
  path: string,
  response: Response,
): Promise<{ text: string; body: unknown }> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Left as text.
  }
  checkAnswer(app, {
    method,
    url: path,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
    text,
  });
  return { text, body };
}
