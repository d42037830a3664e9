// The Supabase Edge Function entry (supabase/functions/api/index.ts) under the real Deno
// binary against a real PostgreSQL, driven over HTTP: once with cookies, once the way hosted
// Supabase delivers it (Set-Cookie stripped by the gateway, SESSION_TRANSPORT=bearer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrate } from '../../server/migrate.ts';
import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { connectPostgres } from '../../supabase/functions/api/lib/postgres-database.ts';
import { denoCheck, killAllDenoFunctions, type RunningFunction, startDenoFunction } from '../support/deno-function.ts';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../support/empty-postgres-database.ts';
import { HttpClient, loginOverHttp, registerOverHttp, sgToFcRide } from '../support/http-client.ts';
import { postgresServerUrl } from '../support/postgres-server.ts';
import { startStripCookieProxy, type StripCookieProxy } from '../support/strip-cookie-proxy.ts';

// The first run downloads the function's npm packages into the Deno cache.
const FIRST_START_MS = 300_000;
const PROMPT_STOP_MS = 7_000;

const serverUrl = postgresServerUrl('the Edge Function suite under Deno');
const suite = serverUrl ? describe : describe.skip;
const title = serverUrl
  ? 'Edge Function api under real Deno on PostgreSQL'
  : 'Edge Function api under real Deno (skipped: set TEST_DATABASE_URL to a PostgreSQL server; .ci/run does)';

// Login -> create ride -> join -> passenger list, as two members would do it.
async function rideJourney(baseUrl: string, useBearer: boolean) {
  const organiserSignup = await registerOverHttp(baseUrl, 'denoorg', { useBearer });
  const passengerSignup = await registerOverHttp(baseUrl, 'denopax', { useBearer });

  const organiser = await loginOverHttp(baseUrl, organiserSignup.user.discordUsername, { useBearer });
  expect(organiser.user.id).toBe(organiserSignup.user.id);
  const created = await organiser.post('/api/rides', sgToFcRide());
  expect(created.status).toBe(201);
  const ride = created.body;
  expect(ride.currentPassengers).toBe(1);

  const passenger = await loginOverHttp(baseUrl, passengerSignup.user.discordUsername, { useBearer });
  const joined = await passenger.post(`/api/rides/${ride.id}/join`, {
    passengerCount: 2,
    dropoffLocation: 'Pasir Ris MRT',
  });
  expect(joined.status).toBe(201);

  const passengers = await organiser.get(`/api/rides/${ride.id}/passengers`);
  expect(passengers.status).toBe(200);
  expect(passengers.body).toHaveLength(1);
  expect(JSON.stringify(passengers.body)).toContain(passengerSignup.user.discordUsername);

  const read = await passenger.get(`/api/rides/${ride.id}`);
  expect(read.status).toBe(200);
  expect(read.body.currentPassengers).toBe(3);

  return { organiser, passenger, organiserSignup, passengerSignup, ride };
}

suite(title, () => {
  let database: EmptyPostgresDatabase;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(serverUrl!, 'fc_deno');
    const handle = connectPostgres(database.url, { max: 2 });
    try {
      await migrate(handle);
    } finally {
      await handle.close();
    }
  }, 60_000);

  afterAll(async () => {
    await killAllDenoFunctions();
    await database?.drop();
  });

  describe('with session cookies (SESSION_TRANSPORT unset)', () => {
    let fn: RunningFunction;

    beforeAll(async () => {
      fn = await startDenoFunction({ SUPABASE_DB_URL: database.url });
      console.log(`Deno function (cookie transport) listening after ${Math.round(fn.startedInMs)} ms`);
    }, FIRST_START_MS);

    it('answers register -> login -> create ride -> join -> passengers over HTTP', async () => {
      const { organiser, passenger } = await rideJourney(fn.url, false);
      expect(organiser.cookie).toMatch(/^fc_session=/);
      expect(passenger.cookie).toMatch(/^fc_session=/);
      // Login rotated the session: a fresh cookie, and no token in the JSON in cookie mode.
      expect(organiser.loginAnswer.setCookies.some((cookie) => /HttpOnly/i.test(cookie))).toBe(true);
      expect(organiser.loginAnswer.body.token).toBeUndefined();
      expect((await organiser.get('/api/auth/me')).body.id).toBe(organiser.user.id);
    }, 60_000);

    // Issue 22 §6 under Deno: the common-password list is an npm package the function's import
    // map loads (npm:@zxcvbn-ts/language-common); a password on it is refused, another is not.
    it('refuses a common password on registration, in the function too', async () => {
      for (const password of ['password', 'Password123', '12345678']) {
        const answer = await new HttpClient(fn.url).post('/api/register', {
          discordUsername: `denoweak${Date.now().toString(36)}`,
          password,
          acceptedPolicies: CURRENT_POLICIES,
        });
        expect([answer.status, answer.body.code], password).toEqual([400, 'common_password']);
      }
      expect((await registerOverHttp(fn.url, 'denostrong')).user.id).toBeGreaterThan(0);
    }, 60_000);

    // ADR 0009 under Deno: the windowed list, its ETag and 304, and the cached gzip body (Web
    // Crypto and CompressionStream are Deno's own here).
    it('serves /api/rides/page with a strong ETag, 304 on revalidation and gzip when asked', async () => {
      const url = new URL('/api/rides/page?time=all&limit=5', fn.url);
      const first = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-encoding')).toBe('gzip');
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}-gzip"$/);
      // fetch has decompressed it.
      const page = await first.json();
      expect(page.rides.length).toBeGreaterThan(0);
      expect(Object.keys(page)).toEqual(['rides', 'nextCursor']);
      const again = await fetch(url, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      expect(await plain.json()).toEqual(page);
      expect(plain.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect((await fetch(new URL('/api/rides/page?limit=0', fn.url))).status).toBe(400);
    }, 60_000);

    // ADR 0025: no live stream in the function (an edge request is cut after minutes and billed
    // while open); its 404 is the PWA's sign to ask every 4 s, answered 304 while nothing changed.
    it('serves no chat stream, and the chat revalidates with its ETag instead', async () => {
      const { organiser, ride } = await rideJourney(fn.url, false);
      const stream = await organiser.get(`/api/rides/${ride.id}/messages/stream`);
      expect(stream.status).toBe(404);
      expect(stream.body).toMatchObject({ code: 'not_found' });
      expect((await organiser.post(`/api/rides/${ride.id}/messages`, { body: 'Hello from Deno' })).status).toBe(201);
      const url = new URL(`/api/rides/${ride.id}/messages`, fn.url);
      const headers = { cookie: organiser.cookie! };
      const first = await fetch(url, { headers });
      expect(first.status).toBe(200);
      // The members' messages, beside the app's own lines (the passenger's join).
      const { messages } = (await first.json()) as { messages: Array<{ body: string; system?: unknown }> };
      expect(messages.filter((message) => !message.system).map((message) => message.body)).toEqual(['Hello from Deno']);
      const again = await fetch(url, { headers: { ...headers, 'if-none-match': first.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }, 60_000);

    // Told when away (issue 25): without a stream the chat still says it is being looked at, and
    // the member looking is not told of a new message; once they stop, they are.
    it('tells a member looking at the chat nothing, and tells them again once they stop', async () => {
      const { organiser, passenger, ride } = await rideJourney(fn.url, false);
      const chatNotices = async () => {
        const inbox = await passenger.get('/api/notifications?limit=50');
        expect(inbox.status).toBe(200);
        return (inbox.body.items as Array<{ kind: string; rideId: number | null }>).filter(
          (item) => item.kind === 'chat_message' && item.rideId === ride.id,
        ).length;
      };
      const watching = await passenger.call('PUT', `/api/rides/${ride.id}/messages/watching`, { watching: true });
      expect(watching.status).toBe(200);
      expect(watching.body).toEqual({ watching: true });
      expect((await organiser.post(`/api/rides/${ride.id}/messages`, { body: 'Seen on screen' })).status).toBe(201);
      expect(await chatNotices()).toBe(0);
      const away = await passenger.call('PUT', `/api/rides/${ride.id}/messages/watching`, { watching: false });
      expect(away.status).toBe(200);
      expect((await organiser.post(`/api/rides/${ride.id}/messages`, { body: 'Told away' })).status).toBe(201);
      expect(await chatNotices()).toBe(1);
      expect((await passenger.call('PUT', `/api/rides/${ride.id}/messages/watching`, { watching: 'yes' })).status).toBe(
        400,
      );
    }, 60_000);

    it('stops on SIGTERM with exit code 0', async () => {
      const stopped = await fn.stop();
      expect(stopped.code).toBe(0);
      expect(stopped.elapsedMs).toBeLessThan(PROMPT_STOP_MS);
    }, 30_000);
  });

  describe('with SESSION_TRANSPORT=bearer behind a proxy that strips Set-Cookie', () => {
    let fn: RunningFunction;
    let proxy: StripCookieProxy;

    beforeAll(async () => {
      fn = await startDenoFunction({ SUPABASE_DB_URL: database.url, SESSION_TRANSPORT: 'bearer' });
      console.log(`Deno function (bearer transport) listening after ${Math.round(fn.startedInMs)} ms`);
      proxy = await startStripCookieProxy(fn.url);
    }, FIRST_START_MS);

    afterAll(async () => {
      await proxy?.close();
    });

    it('answers the same journey with Authorization: Bearer, and no Set-Cookie reaches the client', async () => {
      const { organiser, passenger, organiserSignup, passengerSignup } = await rideJourney(proxy.url, true);
      for (const client of [organiser, passenger, organiserSignup, passengerSignup]) {
        expect(client.receivedSetCookies).toEqual([]);
        expect(client.cookie).toBeNull();
        expect(client.bearer).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      }
      // The function did set cookies; the proxy, like the gateway, dropped them.
      expect(proxy.strippedCount()).toBeGreaterThan(0);

      expect((await organiser.get('/api/auth/me')).body.id).toBe(organiser.user.id);
      // Without the token the same caller is anonymous.
      const anonymous = new HttpClient(proxy.url);
      expect((await anonymous.get('/api/auth/me')).status).toBe(401);
    }, 60_000);

    it('stops on SIGTERM with exit code 0', async () => {
      const stopped = await fn.stop();
      expect(stopped.code).toBe(0);
      expect(stopped.elapsedMs).toBeLessThan(PROMPT_STOP_MS);
    }, 30_000);
  });

  it('type-checks under Deno (deno check index.ts)', async () => {
    const checked = await denoCheck();
    expect(checked.output).not.toMatch(/error/i);
    expect(checked.code).toBe(0);
  }, 120_000);
});
