// Web Push from the Supabase Edge Function entry under the real Deno binary: web-push (npm, via
// Deno's Node compatibility) signs and encrypts, and its https sender reaches the local HTTPS
// receiver, which Deno trusts through DENO_CERT (Deno's NODE_EXTRA_CA_CERTS).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrate } from '../../server/migrate.ts';
import { connectPostgres } from '../../supabase/functions/api/lib/postgres-database.ts';
import { killAllDenoFunctions, type RunningFunction, startDenoFunction } from '../support/deno-function.ts';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../support/empty-postgres-database.ts';
import { registerOverHttp, sgToFcRide } from '../support/http-client.ts';
import { postgresServerUrl } from '../support/postgres-server.ts';
import {
  decryptPush,
  newSubscriber,
  type PushReceiver,
  startPushReceiver,
  verifyVapid,
  waitUntil,
} from '../support/push-receiver.ts';

// The first run downloads the function's npm packages (web-push among them) into the Deno cache.
const FIRST_START_MS = 300_000;
const PUSH_WAIT_MS = 20_000;

const serverUrl = postgresServerUrl('Web Push from the Edge Function under Deno');
const suite = serverUrl ? describe : describe.skip;
const title = serverUrl
  ? 'Web Push from the Edge Function under real Deno on PostgreSQL'
  : 'Web Push from the Edge Function under real Deno (skipped: set TEST_DATABASE_URL to a PostgreSQL server; .ci/run does)';

suite(title, () => {
  let database: EmptyPostgresDatabase;
  let receiver: PushReceiver;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fc-deno-push-'));
    receiver = await startPushReceiver(dir);
    database = await createEmptyPostgresDatabase(serverUrl!, 'fc_deno_push');
    const handle = connectPostgres(database.url, { max: 2 });
    try {
      await migrate(handle);
    } finally {
      await handle.close();
    }
  }, 60_000);

  afterAll(async () => {
    await killAllDenoFunctions();
    await receiver?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  describe('with PUSH_ALLOW_LOOPBACK=1 and the receiver trusted', () => {
    let fn: RunningFunction;

    beforeAll(async () => {
      fn = await startDenoFunction({
        SUPABASE_DB_URL: database.url,
        DENO_CERT: receiver.certFile,
        PUSH_ALLOW_LOOPBACK: '1',
        VAPID_PUBLIC_KEY: undefined,
        VAPID_PRIVATE_KEY: undefined,
      });
    }, FIRST_START_MS);

    afterAll(async () => {
      await fn?.stop();
    });

    it('sends the join as a VAPID-signed aes128gcm push, and forgets a 410 subscription', async () => {
      const key = (await (await fetch(`${fn.url}/api/push/key`)).json()) as { publicKey: string };
      expect(key.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

      const organiser = await registerOverHttp(fn.url, 'denopushorg');
      const passenger = await registerOverHttp(fn.url, 'denopushpax');
      const ride = (await organiser.post('/api/rides', sgToFcRide())).body as { id: number };
      const device = newSubscriber();
      const endpoint = receiver.endpoint('ok', `deno-${Date.now()}`);
      const gone = receiver.endpoint('gone', `deno-${Date.now()}`);
      for (const [url, keys] of [
        [endpoint, device],
        [gone, newSubscriber()],
      ] as const) {
        const saved = await organiser.post('/api/push/subscriptions', {
          endpoint: url,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
          kinds: ['passenger_joined'],
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      }

      const joined = await passenger.post(`/api/rides/${ride.id}/join`, {
        passengerCount: 1,
        dropoffLocation: 'Pasir Ris MRT',
      });
      expect(joined.status).toBe(201);

      const path = new URL(endpoint).pathname;
      const push = await waitUntil(
        () => receiver.received.find((item) => item.path === path),
        PUSH_WAIT_MS,
        'the push from Deno',
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}; the function printed:\n${fn.output()}`);
      });
      verifyVapid(push, key.publicKey, receiver.origin);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(decryptPush(push, device)).toEqual({
        title: 'denopushpax person joined your ride',
        body: expect.stringContaining('denopushpax person joined your Singapore → Forest City ride on '),
        url: `/rides/${ride.id}`,
        tag: expect.stringMatching(/^notification-\d+$/),
      });

      await waitUntil(
        async () => {
          const current = await organiser.get(`/api/push/subscriptions/current?endpoint=${encodeURIComponent(gone)}`);
          return current.body.subscribed === false ? true : undefined;
        },
        PUSH_WAIT_MS,
        'the 410 subscription to be deleted',
      );
    }, 90_000);
  });

  describe('without PUSH_ALLOW_LOOPBACK', () => {
    let fn: RunningFunction;

    beforeAll(async () => {
      fn = await startDenoFunction({ SUPABASE_DB_URL: database.url, PUSH_ALLOW_LOOPBACK: undefined });
    }, FIRST_START_MS);

    afterAll(async () => {
      await fn?.stop();
    });

    it('refuses loopback endpoints in every spelling with 400', async () => {
      const member = await registerOverHttp(fn.url, 'denopushssrf');
      const device = newSubscriber();
      for (const endpoint of [
        'https://[::1]/send',
        'https://localhost/send',
        'https://127.0.0.1:8443/send',
        'https://[::ffff:127.0.0.1]/send',
      ]) {
        const answer = await member.post('/api/push/subscriptions', {
          endpoint,
          keys: { p256dh: device.p256dh, auth: device.auth },
          kinds: ['passenger_joined'],
        });
        expect(answer.status, endpoint).toBe(400);
      }
    }, 60_000);
  });
});
