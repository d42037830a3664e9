// A client for a server that really listens (the Node host, the Deno function, a proxy):
// real fetch over TCP, keeping the session cookie like a browser, or a bearer token like the
// PWA does where the gateway strips Set-Cookie. Every answer of a declared route is checked
// against its contract (contract.ts), as the in-process client's are.

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { createApp } from '../../supabase/functions/api/app.ts';
import type { Database } from '../../supabase/functions/api/lib/database.ts';
import { readCheckedAnswer } from './contract.ts';

export interface HttpAnswer<Body = any> {
  status: number;
  body: Body;
  headers: Headers;
  setCookies: string[];
}

export const HTTP_PASSWORD = 'correct-horse-battery';

let counter = 0;
function uniqueUsername(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

function futureIsoDate(daysAhead = 3): string {
  return new Date(Date.now() + daysAhead * 24 * 60 * 60 * 1000).toISOString();
}

export function sgToFcRide(overrides: Record<string, unknown> = {}) {
  return {
    direction: 'SG->FC',
    date: futureIsoDate(),
    maxPassengers: 5,
    pickupLocation: 'Pasir Ris MRT',
    dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
    organizerPassengerCount: 1,
    ...overrides,
  };
}

// The routes and contracts the hosts serve, read from an app of this checkout that never answers
// a request (so never touches its database); the live chat stream mounted as on the Node host.
let contractApp: ReturnType<typeof createApp> | undefined;
function hostContract() {
  contractApp ??= createApp({
    database: { listen: async () => async () => {} } as unknown as Database,
    adminUsername: 'admin',
    sessionTransport: 'cookie',
    allowedOrigins: [],
    clientAddress: () => null,
    liveChat: true,
  });
  return contractApp;
}

export class HttpClient {
  cookie: string | null = null;
  bearer: string | null = null;
  // Every Set-Cookie header this client ever received, for transport assertions.
  readonly receivedSetCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  async call<Body = any>(method: string, path: string, body?: unknown): Promise<HttpAnswer<Body>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const setCookies = response.headers.getSetCookie();
    this.receivedSetCookies.push(...setCookies);
    for (const setCookie of setCookies) {
      const match = /^fc_session=([^;]*)/.exec(setCookie);
      if (!match) continue;
      this.cookie = match[1] && !/Max-Age=0/i.test(setCookie) ? `fc_session=${match[1]}` : null;
    }
    const { body: parsed } = await readCheckedAnswer(hostContract(), method, path, response);
    return { status: response.status, body: parsed as Body, headers: response.headers, setCookies };
  }

  get = <Body = any>(path: string) => this.call<Body>('GET', path);
  post = <Body = any>(path: string, body?: unknown) => this.call<Body>('POST', path, body ?? {});
  patch = <Body = any>(path: string, body?: unknown) => this.call<Body>('PATCH', path, body ?? {});
  delete = <Body = any>(path: string) => this.call<Body>('DELETE', path);
}

function expectStatus(answer: HttpAnswer, status: number, what: string): void {
  if (answer.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

// Registers a new member; the client is then logged in (cookie, or bearer when the server
// returns a token and useBearer is set).
export async function registerOverHttp(
  baseUrl: string,
  prefix = 'member',
  options: { useBearer?: boolean } = {},
): Promise<HttpClient & { user: any }> {
  const client = new HttpClient(baseUrl) as HttpClient & { user: any };
  const answer = await client.post('/api/register', {
    discordUsername: uniqueUsername(prefix),
    password: HTTP_PASSWORD,
    name: `${prefix} person`,
    whatsappNumber: '+65 9123 4567',
    acceptedPolicies: CURRENT_POLICIES,
  });
  expectStatus(answer, 201, 'register');
  client.user = answer.body;
  if (options.useBearer) {
    if (typeof answer.body.token !== 'string') throw new Error('register returned no token in bearer mode');
    client.bearer = answer.body.token;
  }
  return client;
}

// Logs in with a fresh client (no cookie, no token yet).
export async function loginOverHttp(
  baseUrl: string,
  discordUsername: string,
  options: { useBearer?: boolean } = {},
): Promise<HttpClient & { user: any; loginAnswer: HttpAnswer }> {
  const client = new HttpClient(baseUrl) as HttpClient & { user: any; loginAnswer: HttpAnswer };
  const answer = await client.post('/api/login', { discordUsername, password: HTTP_PASSWORD });
  expectStatus(answer, 200, 'login');
  client.user = answer.body;
  client.loginAnswer = answer;
  if (options.useBearer) {
    if (typeof answer.body.token !== 'string') throw new Error('login returned no token in bearer mode');
    client.bearer = answer.body.token;
  }
  return client;
}
