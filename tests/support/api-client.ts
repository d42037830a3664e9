import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import type { UserProfile } from '../../supabase/functions/_shared/types/user.ts';
import { type ApiOptions, createApp } from '../../supabase/functions/api/app.ts';
import type { Database } from '../../supabase/functions/api/lib/database.ts';
import { readCheckedAnswer } from './contract.ts';

export interface ApiAnswer<Body = any> {
  status: number;
  body: Body;
  headers: Headers;
}

export type TestApp = ReturnType<typeof createApp>;

export function createTestApp(database: Database, overrides: Partial<ApiOptions> = {}): TestApp {
  return createApp({
    database,
    adminUsername: 'admin',
    sessionTransport: 'cookie',
    allowedOrigins: [],
    clientAddress: (c) => c.req.header('x-test-client') ?? null,
    logError: (message, error) => console.error(message, error),
    // bcrypt at cost 4 (~1 ms a hash, not ~70 ms): the suites register thousands of members. The
    // hosts never set it; auth-register.test.ts checks that an app without it stores cost 10.
    passwordCost: 4,
    ...overrides,
  });
}

// One browser's worth of state: keeps the session cookie the api sets, like a browser would.
// Every answer of a declared route is checked against its contract (contract.ts).
export class TestClient {
  cookie: string | null = null;
  bearer: string | null = null;
  headers: Record<string, string> = {};

  constructor(readonly app: TestApp) {}

  async call<Body = any>(method: string, path: string, body?: unknown): Promise<ApiAnswer<Body>> {
    const headers: Record<string, string> = { ...this.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const response = await this.app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const match = /fc_session=([^;]*)/.exec(setCookie);
      this.cookie = match && match[1] && !/Max-Age=0/i.test(setCookie) ? `fc_session=${match[1]}` : null;
    }
    const { body: parsed } = await readCheckedAnswer(this.app, method, path, response);
    return { status: response.status, body: parsed as Body, headers: response.headers };
  }

  get = <Body = any>(path: string) => this.call<Body>('GET', path);
  post = <Body = any>(path: string, body?: unknown) => this.call<Body>('POST', path, body ?? {});
  patch = <Body = any>(path: string, body?: unknown) => this.call<Body>('PATCH', path, body ?? {});
  put = <Body = any>(path: string, body?: unknown) => this.call<Body>('PUT', path, body ?? {});
  delete = <Body = any>(path: string) => this.call<Body>('DELETE', path);
}

// What register, login and /api/auth/me answer (api/lib/respond-user.ts): the profile, plus the
// admin flag and, in bearer mode, the session and device tokens.
export type SignedInUser = UserProfile & { isAdmin: boolean; token?: string; deviceToken?: string };

// A signed-in account as the suites hold it: the client with its session, and what the api
// answered at registration.
export type Member = TestClient & { user: SignedInUser };

export const PASSWORD = 'correct-horse-battery';

let counter = 0;
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export async function registerMember(
  app: TestApp,
  prefix = 'member',
  extra: Record<string, unknown> = {},
): Promise<Member> {
  const client = new TestClient(app) as Member;
  const answer = await client.post('/api/register', {
    discordUsername: uniqueName(prefix),
    password: PASSWORD,
    name: `${prefix} person`,
    whatsappNumber: '+65 9123 4567',
    acceptedPolicies: CURRENT_POLICIES,
    ...extra,
  });
  if (answer.status !== 201) throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  client.user = answer.body;
  return client;
}

export async function registerVendor(app: TestApp): Promise<Member> {
  return registerMember(app, 'vendor', {
    isVendor: true,
    companyName: 'Border Cars Pte Ltd',
    driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
  });
}

export function futureDate(daysAhead = 3): string {
  return new Date(Date.now() + daysAhead * 24 * 60 * 60 * 1000).toISOString();
}

export function rideBody(overrides: Record<string, unknown> = {}) {
  const direction = (overrides.direction as string) ?? 'SG->FC';
  const location = 'Pasir Ris MRT';
  return {
    direction,
    date: futureDate(),
    maxPassengers: 5,
    pickupLocation: direction === 'FC->SG' ? 'Forest City' : location,
    dropoffLocations: [{ location: direction === 'FC->SG' ? 'Tampines Mall' : location, passengerCount: 1 }],
    organizerPassengerCount: 1,
    ...overrides,
  };
}

export async function createRide(client: TestClient, overrides: Record<string, unknown> = {}) {
  const answer = await client.post('/api/rides', rideBody(overrides));
  if (answer.status !== 201) throw new Error(`create ride failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
