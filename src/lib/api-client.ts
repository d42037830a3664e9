// The one way the PWA talks to its server: credentials always sent, JSON only when there is
// a body, and every failure turned into SPEC §8's "<status>: <message>" text.
// Sessions: the server's HttpOnly cookie by default; when the server hands out a bearer token
// instead (login/register answer with `token`, SESSION_TRANSPORT=bearer), it is kept by
// session-token.ts, sent as `Authorization: Bearer` to our api only, and dropped on any 401.
import { msg, t } from '@lingui/core/macro';

import { setDeviceToken } from './device-token';
import { i18n } from './i18n/i18n';
import { clearSessionToken, getSessionToken, isSessionToken, setSessionToken } from './session-token';

const API_BASE = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';
// With the api on this origin, its readable fc_signed_in cookie says whether a session cookie exists.
export const API_IS_SAME_ORIGIN = API_BASE === '';

// Read in the current language when the error happens (i18n._).
export const OFFLINE_MESSAGE = msg`You're offline — nothing was sent`;

export class ApiError extends Error {
  readonly status: number;
  // The server's stable refusal code and the values its text names (supabase/functions/_shared/
  // refusals.ts, ADR 0047), when it sent them: the message is already said from them in the
  // member's language (refusal-text.ts).
  readonly code: string | undefined;
  readonly params: RefusalParams;

  constructor(status: number, message: string, code?: string, params: RefusalParams = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.params = params;
  }
}

// A refusal's values, as refusals.ts names them ({ count: 3 }, { wait: 300 }).
export type RefusalParams = Record<string, string | number>;

// A refusal whose code we know is said from its code and params in the member's language, else
// the server's message is shown. The registries come with the first refusal, not with the first
// page; should they not load, the server's message is shown.
async function refusalTranslator(): Promise<Translate | undefined> {
  try {
    return (await import('./refusal-text')).refusalText;
  } catch {
    return undefined;
  }
}

// The refusal's code and params, when the body is our api's JSON with them.
function refusalOf(body: string): { code: string | undefined; params: RefusalParams } {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; params?: unknown } | null;
    const code = typeof parsed?.code === 'string' && parsed.code ? parsed.code : undefined;
    const given = parsed?.params;
    const params: RefusalParams = {};
    if (typeof given === 'object' && given !== null && !Array.isArray(given)) {
      for (const [name, value] of Object.entries(given)) {
        if (typeof value === 'string' || typeof value === 'number') params[name] = value;
      }
    }
    return { code, params };
  } catch {
    return { code: undefined, params: {} };
  }
}

export const HTML_ERROR_TEXT = msg`Server error: The server returned an HTML error instead of JSON`;

type Translate = (code: string | undefined, params: RefusalParams, message: string) => string;

// translate: the refusal in the member's language (refusal-text.ts), given by send().
export function errorText(status: number, statusText: string, body: string, translate?: Translate): string {
  const trimmed = body.trim();
  let message = statusText || t`Request failed`;
  if (trimmed.startsWith('<')) {
    message = i18n._(HTML_ERROR_TEXT);
  } else if (trimmed) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      const fromJson = (parsed as { message?: unknown } | null)?.message;
      if (typeof fromJson === 'string' && fromJson) {
        const { code, params } = refusalOf(trimmed);
        message = translate ? translate(code, params, fromJson) : fromJson;
      }
    } catch {
      message = trimmed.slice(0, 300);
    }
  }
  return `${status}: ${message}`;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

// Paths are our api's ('/api/...', under API_BASE); an absolute or protocol-relative URL is
// somebody else's and never gets the token.
function isOwnApiPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//');
}

// A session token (and a device token, ADR 0018) in an answer is kept, and taken out of what the
// caller gets: the user object goes into the query cache (persisted for offline reading), the
// tokens must not.
function adoptSessionToken(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  let rest = value as Record<string, unknown>;
  if (isSessionToken(rest.deviceToken)) {
    const { deviceToken, ...others } = rest;
    setDeviceToken(deviceToken as string);
    rest = others;
  }
  if (isSessionToken(rest.token)) {
    const { token, ...others } = rest;
    setSessionToken(token as string);
    rest = others;
  }
  return rest;
}

// Forgets the bearer token (logout). Cookie sessions are ended by the server's answer.
export function forgetSession(): void {
  clearSessionToken();
}

// One request to our api (or, for a foreign path, to it as given): the token, the offline and
// unreachable errors, a 401 forgetting the session, and "<status>: <message>" for a refusal.
// keepalive: the request outlives the page (a word said as the page is hidden or closed).
async function send(
  method: Method,
  path: string,
  body?: unknown,
  keepalive = false,
): Promise<{ response: Response; ownApi: boolean }> {
  if (method !== 'GET' && typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(0, i18n._(OFFLINE_MESSAGE));
  }
  const ownApi = isOwnApiPath(path);
  const token = ownApi ? getSessionToken() : null;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      headers: Object.keys(headers).length > 0 ? headers : undefined,
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(keepalive ? { keepalive } : {}),
    });
  } catch {
    throw new ApiError(0, method === 'GET' ? t`Could not reach the server` : i18n._(OFFLINE_MESSAGE));
  }
  // The session is gone (expired, ended by a password change or the admin): stop sending it.
  if (response.status === 401 && ownApi) clearSessionToken();
  if (!response.ok) {
    const text = await response.text();
    const message = errorText(response.status, response.statusText, text, await refusalTranslator());
    const { code, params } = refusalOf(text);
    throw new ApiError(response.status, message, code, params);
  }
  return { response, ownApi };
}

// What an answer is read with: the schema its route declares (supabase/functions/_shared/schemas/,
// ADR 0042), a zod schema given by the feature; this file imports no zod, it only calls it.
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

// The schema itself, or a loader of its module for a fetcher on a first render that must not
// carry zod (/home, the shell: ADR 0048). The loader is started with the request, so the module
// comes in while the answer does.
export type AnswerSchemaSource<T> = AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);

// An answer that is not what the api's contract says (or no JSON at all): the app cannot show it,
// so the member is told something went wrong, with the request's id to quote (x-request-id,
// exposed to a PWA on another origin). The status is the answer's own (a 200 that did not read).
export class UnreadableAnswerError extends ApiError {
  readonly requestId: string;

  constructor(status: number, requestId: string) {
    super(status, t`Something went wrong (request ${requestId})`);
    this.name = 'UnreadableAnswerError';
    this.requestId = requestId;
  }
}

// The schema's issues go to the console for whoever looks.
function unreadableAnswer(method: Method, path: string, response: Response, issues: unknown): UnreadableAnswerError {
  const requestId = response.headers.get('x-request-id') ?? '-';
  console.error(`${method} ${path}: the answer does not match its contract (request ${requestId})`, issues);
  return new UnreadableAnswerError(response.status, requestId);
}

export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: { keepalive?: boolean; schema?: AnswerSchemaSource<T> } = {},
): Promise<T> {
  const source = options.schema;
  const loading = typeof source === 'function' ? source() : undefined;
  // A request that fails before the module is awaited must not leave its rejection unhandled.
  loading?.catch(() => {});
  const { response, ownApi } = await send(method, path, body, options.keepalive);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch (error) {
    throw unreadableAnswer(method, path, response, error);
  }
  const answer = ownApi ? adoptSessionToken(parsed) : parsed;
  if (!source) return answer as T;
  let schema: AnswerSchema<T>;
  try {
    schema = loading ? await loading : (source as AnswerSchema<T>);
  } catch (error) {
    // The schema's module did not load (offline, and not in the service worker's cache): the
    // answer came, but the app cannot read it; a write has happened all the same.
    throw unreadableAnswer(method, path, response, error);
  }
  const checked = schema.safeParse(answer);
  if (!checked.success) throw unreadableAnswer(method, path, response, checked.error);
  return checked.data;
}

// A file the api makes (a calendar), as a Blob of the expected type. Anything else (an HTML
// error page from a proxy) is refused rather than saved under the file's name.
export async function apiFile(path: string, contentType: string): Promise<Blob> {
  const { response } = await send('GET', path);
  const received = response.headers.get('content-type') ?? '';
  if (!received.toLowerCase().startsWith(contentType)) {
    const status = response.status;
    throw new ApiError(status, `${status}: ${t`The server did not send the expected file`}`);
  }
  return new Blob([await response.arrayBuffer()], { type: contentType });
}

// A long-lived GET to our api (the ride chat's live stream): the same credentials as every
// request (the cookie, or the bearer token in a header: never in the URL, which logs keep), and
// the answer handed back as soon as it starts, for the caller to read as it comes. Failures are
// the caller's to handle: it has a fallback.
export function openApiStream(path: string, signal: AbortSignal): Promise<Response> {
  const token = getSessionToken();
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${API_BASE}${path}`, { credentials: 'include', headers, signal, cache: 'no-store' });
}

// `schema`: the answer is parsed with its route's declared schema (ADR 0042), and what the
// caller gets is what the schema says, or the request fails as an UnreadableAnswerError.
export const api = {
  get: <T>(path: string, schema?: AnswerSchemaSource<T>) => apiRequest<T>('GET', path, undefined, { schema }),
  post: <T>(path: string, body?: unknown, schema?: AnswerSchemaSource<T>) =>
    apiRequest<T>('POST', path, body, { schema }),
  patch: <T>(path: string, body?: unknown, schema?: AnswerSchemaSource<T>) =>
    apiRequest<T>('PATCH', path, body, { schema }),
  put: <T>(path: string, body?: unknown, schema?: AnswerSchemaSource<T>) =>
    apiRequest<T>('PUT', path, body, { schema }),
  delete: <T>(path: string, schema?: AnswerSchemaSource<T>) => apiRequest<T>('DELETE', path, undefined, { schema }),
};
