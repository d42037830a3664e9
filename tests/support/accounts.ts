// Helpers for the account suites (auth, password reset, admin, profile, bad input).
import { expect } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { type ApiAnswer, type Member, PASSWORD, type TestApp, TestClient } from './api-client.ts';
import { readCheckedAnswer } from './contract.ts';
import { ownerQuery, type TestDatabase } from './databases.ts';

// Nothing the api answers may ever carry a secret: checked on every answer the suites get.
const SECRET_MARKERS = [/password_hash/i, /token_hash/i, /code_hash/i, /\$2[abxy]?\$\d\d\$/];

export function assertNoSecrets(text: string, where: string): void {
  for (const marker of SECRET_MARKERS) {
    if (marker.test(text)) throw new Error(`${where} answered with a secret (${marker}): ${text.slice(0, 300)}`);
  }
}

// The same app, but every answer is read once for secrets before the test sees it.
export function guarded(app: TestApp): TestApp {
  const request = (async (input: RequestInfo | URL, init?: RequestInit, ...rest: unknown[]) => {
    const response = await (app.request as (...args: unknown[]) => Promise<Response>).call(app, input, init, ...rest);
    const text = await response.clone().text();
    const where = `${init?.method ?? 'GET'} ${String(input)}`;
    assertNoSecrets(text, where);
    assertNoSecrets(response.headers.get('set-cookie') ?? '', `${where} (Set-Cookie)`);
    return response;
  }) as TestApp['request'];
  return new Proxy(app, {
    get: (target, key, receiver) => (key === 'request' ? request : Reflect.get(target, key, receiver)),
  });
}

export interface RawAnswer extends ApiAnswer {
  text: string;
}

// A request with exactly the headers and body given (no cookie jar), for transport tests. The
// answer of a declared route is checked against its contract like any other (contract.ts).
export async function raw(
  app: TestApp,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | object } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await app.request(path, { method, headers, body });
  const { text, body: parsed } = await readCheckedAnswer(app, method, path, response);
  return { status: response.status, body: parsed, headers: response.headers, text };
}

// A refusal a person can read: the status given (or any 4xx), JSON {message} with a sentence,
// not a validation dump or a stack trace.
export function expectRefusal(answer: ApiAnswer, status?: number, message?: string | RegExp): void {
  const context = `${answer.status} ${JSON.stringify(answer.body)}`;
  if (status !== undefined) expect(answer.status, context).toBe(status);
  expect(answer.status, context).toBeGreaterThanOrEqual(400);
  expect(answer.status, context).toBeLessThan(500);
  expect(answer.headers.get('content-type') ?? '', context).toMatch(/application\/json/);
  expect(answer.body, context).toEqual(expect.objectContaining({ message: expect.any(String) }));
  const text: string = answer.body.message;
  expect(text.trim().length, context).toBeGreaterThan(0);
  expect(text.length, context).toBeLessThan(300);
  expect(text, context).not.toMatch(/ZodError|invalid_type|"code"|\n\s+at |Error:|undefined|\[object/);
  if (message instanceof RegExp) expect(text, context).toMatch(message);
  else if (message !== undefined) expect(text, context).toBe(message);
}

export function tokenFromCookie(setCookie: string | null): string {
  const match = /fc_session=([^;]*)/.exec(setCookie ?? '');
  if (!match?.[1]) throw new Error(`no session cookie in ${setCookie}`);
  return match[1];
}

// A client that presents exactly this cookie, e.g. one saved before a logout.
export function clientWithCookie(app: TestApp, cookie: string | null): TestClient {
  const client = new TestClient(app);
  client.cookie = cookie;
  return client;
}

// The one answer to a wrong password and to an unknown username alike (SPEC §8).
export const INVALID_LOGIN = 'Invalid Discord username or password';

export async function login(
  app: TestApp,
  discordUsername: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<TestClient & { answer: ApiAnswer }> {
  const client = new TestClient(app) as TestClient & { answer: ApiAnswer };
  client.headers = { ...headers };
  client.answer = await client.post('/api/login', { discordUsername, password });
  return client;
}

export async function loginStatus(app: TestApp, discordUsername: string, password: string): Promise<number> {
  return (await login(app, discordUsername, password)).answer.status;
}

// Registers with a chosen username (the admin must be registered first in a fresh database).
export async function registerNamed(
  app: TestApp,
  discordUsername: string,
  extra: Record<string, unknown> = {},
): Promise<Member> {
  const client = new TestClient(app) as Member;
  const answer = await client.post('/api/register', {
    discordUsername,
    password: PASSWORD,
    acceptedPolicies: CURRENT_POLICIES,
    ...extra,
  });
  if (answer.status !== 201)
    throw new Error(`register ${discordUsername}: ${answer.status} ${JSON.stringify(answer.body)}`);
  client.user = answer.body;
  return client;
}

export async function registerAdmin(app: TestApp, username = 'admin'): Promise<Member> {
  const admin = await registerNamed(app, username, { name: 'The Admin' });
  if (admin.user.id !== 1) throw new Error(`the admin must be registered first (got id ${admin.user.id})`);
  return admin;
}

export async function countRows(
  db: TestDatabase,
  table: string,
  where = 'true',
  params: unknown[] = [],
): Promise<number> {
  const [row] = await ownerQuery<{ n: number }>(
    db,
    `select count(*)::integer as n from ${table} where ${where}`,
    params,
  );
  return row!.n;
}

// Row counts and a checksum of every table an account or ride request can change.
export async function snapshot(db: TestDatabase): Promise<Record<string, string>> {
  const tables = [
    'public.users',
    'public.rides',
    'public.ride_passengers',
    'public.password_reset_requests',
    'private.credentials',
    'private.sessions',
    'private.password_reset_codes',
  ];
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await ownerQuery<{ n: number; digest: string | null }>(
      db,
      `select count(*)::integer as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`,
    );
    result[table] = `${row!.n}:${row!.digest}`;
  }
  return result;
}

export const NEW_PASSWORD = 'a-brand-new-passphrase';

// For suites about something else, which register, organise and join more from one test client
// than the abuse throttles let a person do; tests/api/abuse-throttles.test.ts covers the limits.
// The owner's SQL, as docs/admin.md shows an admin raising a limit.
export async function liftThrottles(db: TestDatabase): Promise<void> {
  await ownerQuery(db, 'update private.throttle_limits set max_count = 1000000');
}
