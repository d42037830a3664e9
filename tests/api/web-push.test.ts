// Web Push end to end (issue 13): the real Node host as a child process sends through web-push's
// normal https sender to a local HTTPS receiver standing in for the push service, which checks
// the VAPID header and decrypts the aes128gcm payload with the test subscription's own keys.
import { createECDH } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { notificationText } from '../../supabase/functions/_shared/notification-push-text.ts';
import { pushEndpointRefusal } from '../../supabase/functions/api/lib/push/endpoint.ts';
import { withMigratedPglite } from '../support/databases.ts';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../support/empty-postgres-database.ts';
import { killAllHosts, type RunningHost, startHost } from '../support/host-process.ts';
import { type HttpClient, registerOverHttp, sgToFcRide } from '../support/http-client.ts';
import { postgresServerUrl } from '../support/postgres-server.ts';
import {
  decryptPush,
  newSubscriber,
  type PushReceiver,
  type ReceivedPush,
  startPushReceiver,
  type TestSubscriber,
  verifyVapid,
  waitUntil,
} from '../support/push-receiver.ts';

// A host start on a new DATA_DIR runs initdb in WASM: seconds alone, more beside a busy suite.
const HOST_START_MS = 180_000;
const PUSH_WAIT_MS = 15_000;

const serverUrl = postgresServerUrl('Web Push on the Node host with PostgreSQL');

describe("push endpoint check (no server-side request forgery): the browsers' push services only", () => {
  const refused = [
    'http://fcm.googleapis.com/fcm/send/1',
    'https://fcm.googleapis.com:8443/fcm/send/1',
    'https://user:secret@fcm.googleapis.com/fcm/send/1',
    // Names that resolve to this machine or the network behind it (issue 22 §3).
    'https://127.0.0.1.nip.io/send',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://push.example.com/send/1',
    'https://fcm.googleapis.com.attacker.example/send',
    'https://push.apple.com.example/send',
    'https://evilpush.services.mozilla.com.example/wpush',
    'https://8.8.8.8/send',
    'https://[2001:4860:4860::8888]/send',
    'https://10.1.2.3/send',
    'https://169.254.169.254/latest/meta-data',
    'https://[fd00::1]/send',
    'https://[::ffff:127.0.0.1]/send',
    'https://metadata/computeMetadata',
    'not a url',
  ];
  const loopback = [
    'https://127.0.0.1/send',
    'https://127.1.2.3:8443/send',
    'https://0x7f.1/send',
    'https://2130706433/send',
    'https://[::1]/send',
    'https://localhost/send',
    'https://LOCALHOST./send',
  ];
  // As the browsers hand them out (PushSubscription.endpoint).
  const allowed = [
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://fcm.googleapis.com/wp/abc:def',
    'https://android.googleapis.com/gcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://wns2-sg2p.notify.windows.com/w/?token=BQYAAA',
    'https://web.push.apple.com/QGx',
    'https://FCM.googleapis.com./fcm/send/abc',
  ];

  it('refuses any other host, port, scheme or credentials, with or without the loopback flag', () => {
    for (const endpoint of refused) {
      expect(pushEndpointRefusal(endpoint, { allowLoopback: false }), endpoint).not.toBeNull();
      expect(pushEndpointRefusal(endpoint, { allowLoopback: true }), endpoint).not.toBeNull();
    }
    expect(pushEndpointRefusal('https://127.0.0.1.nip.io/send', { allowLoopback: false })).toBe(
      'Push endpoint must be a browser push service',
    );
  });

  it("takes the tests' receiver on this machine only when PUSH_ALLOW_LOOPBACK allows it", () => {
    for (const endpoint of loopback) {
      expect(pushEndpointRefusal(endpoint, { allowLoopback: false }), endpoint).toBe(
        'Push endpoint must be a browser push service',
      );
      expect(pushEndpointRefusal(endpoint, { allowLoopback: true }), endpoint).toBeNull();
    }
  });

  it('accepts the push services of Chrome, Firefox, Edge and Safari, https on 443', () => {
    for (const endpoint of allowed)
      expect(pushEndpointRefusal(endpoint, { allowLoopback: false }), endpoint).toBeNull();
  });
});

let receiver: PushReceiver;
const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `fc-push-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  receiver = await startPushReceiver(tempDir('receiver'));
});

afterAll(async () => {
  await killAllHosts();
  await receiver?.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

let endpointCount = 0;
function endpointOf(kind: 'ok' | 'gone' | 'missing' | 'dead'): string {
  endpointCount += 1;
  return receiver.endpoint(kind, `${Date.now()}-${endpointCount}`);
}

function pushesTo(endpoint: string): ReceivedPush[] {
  const path = new URL(endpoint).pathname;
  return receiver.received.filter((push) => push.path === path);
}

async function subscribe(client: HttpClient, endpoint: string, subscriber: TestSubscriber, kinds: string[]) {
  const answer = await client.post('/api/push/subscriptions', {
    endpoint,
    keys: { p256dh: subscriber.p256dh, auth: subscriber.auth },
    kinds,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

async function currentSubscription(client: HttpClient, endpoint: string) {
  const answer = await client.get(`/api/push/subscriptions/current?endpoint=${encodeURIComponent(endpoint)}`);
  expect(answer.status).toBe(200);
  return answer.body as { subscribed: boolean; kinds: string[] };
}

function webPushSuite(hostName: string, hostEnv: () => Promise<Record<string, string>>) {
  describe(`Web Push through the Node host on ${hostName}`, () => {
    let host: RunningHost;
    let baseUrl: string;
    let publicKey: string;

    beforeAll(async () => {
      host = await startHost({
        env: {
          ...(await hostEnv()),
          NODE_EXTRA_CA_CERTS: receiver.certFile,
          PUSH_ALLOW_LOOPBACK: '1',
          // Keys generated and stored by the host, whatever the shell running the tests has set.
          VAPID_PUBLIC_KEY: undefined,
          VAPID_PRIVATE_KEY: undefined,
          VAPID_SUBJECT: undefined,
        },
        startTimeoutMs: HOST_START_MS,
      });
      baseUrl = host.url;
      const key = await fetch(`${baseUrl}/api/push/key`);
      expect(key.status).toBe(200);
      publicKey = ((await key.json()) as { publicKey: string }).publicKey;
    }, HOST_START_MS);

    afterAll(async () => {
      await host?.stop();
    });

    it('keeps one generated VAPID key: an uncompressed P-256 point, the same on every call', async () => {
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(Buffer.from(publicKey, 'base64url')[0]).toBe(0x04);
      const again = (await (await fetch(`${baseUrl}/api/push/key`)).json()) as { publicKey: string };
      expect(again.publicKey).toBe(publicKey);
    });

    it('pushes a join to the organiser: VAPID-signed for the push service, aes128gcm, the event text inside', async () => {
      const organiser = await registerOverHttp(baseUrl, 'pushorg');
      const passenger = await registerOverHttp(baseUrl, 'pushpax');
      const ride = (await organiser.post('/api/rides', sgToFcRide())).body as { id: number };

      const device = newSubscriber();
      const endpoint = endpointOf('ok');
      await subscribe(organiser, endpoint, device, ['passenger_joined']);
      expect(await currentSubscription(organiser, endpoint)).toEqual({ subscribed: true, kinds: ['passenger_joined'] });

      const joined = await passenger.post(`/api/rides/${ride.id}/join`, {
        passengerCount: 2,
        dropoffLocation: 'Pasir Ris MRT',
      });
      expect(joined.status).toBe(201);

      const [push] = await waitUntil(
        () => (pushesTo(endpoint).length > 0 ? pushesTo(endpoint) : undefined),
        PUSH_WAIT_MS,
        'the join push',
      );
      const claims = verifyVapid(push!, publicKey, receiver.origin);
      expect(String(claims.sub)).toMatch(/^(mailto:|https:)/);
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push!.headers.ttl)).toBeGreaterThan(0);

      const payload = decryptPush(push!, device) as Record<string, unknown>;
      expect(payload).toEqual({
        title: 'pushpax person joined your ride',
        body: expect.stringMatching(/^pushpax person \(party of 2\) joined your Singapore → Forest City ride on /),
        url: `/rides/${ride.id}`,
        tag: expect.stringMatching(/^notification-\d+$/),
      });
      // Nobody else's keys open it.
      expect(() => decryptPush(push!, newSubscriber())).toThrow();
    });

    it('words the push in the member’s language from their profile', async () => {
      const organiser = await registerOverHttp(baseUrl, 'pushzh');
      const passenger = await registerOverHttp(baseUrl, 'pushzhpax');
      expect((await organiser.patch(`/api/users/${organiser.user.id}`, { language: 'zh' })).status).toBe(200);
      const ride = (await organiser.post('/api/rides', sgToFcRide())).body as { id: number };
      const device = newSubscriber();
      const endpoint = endpointOf('ok');
      await subscribe(organiser, endpoint, device, ['passenger_joined']);

      expect(
        (await passenger.post(`/api/rides/${ride.id}/join`, { passengerCount: 1, dropoffLocation: 'Pasir Ris MRT' }))
          .status,
      ).toBe(201);

      const [push] = await waitUntil(
        () => (pushesTo(endpoint).length > 0 ? pushesTo(endpoint) : undefined),
        PUSH_WAIT_MS,
        'the 中文 push',
      );
      const payload = decryptPush(push!, device) as { title: string; body: string };
      expect(payload.title).toBe(notificationText('passenger_joined', { name: 'pushzhpax person' }, 'zh').title);
      expect(payload.title).toContain('pushzhpax person');
      expect(payload.title).not.toMatch(/joined/);
      expect(payload.body).toContain('新加坡 → 森林城市');
    });

    it('sends a device only the kinds it opted into', async () => {
      const organiser = await registerOverHttp(baseUrl, 'pushkinds');
      const passenger = await registerOverHttp(baseUrl, 'pushkpax');
      const ride = (await organiser.post('/api/rides', sgToFcRide())).body as { id: number };
      const joinsOnly = { device: newSubscriber(), endpoint: endpointOf('ok') };
      const leavesOnly = { device: newSubscriber(), endpoint: endpointOf('ok') };
      await subscribe(organiser, joinsOnly.endpoint, joinsOnly.device, ['passenger_joined']);
      await subscribe(organiser, leavesOnly.endpoint, leavesOnly.device, ['passenger_left']);

      expect(
        (await passenger.post(`/api/rides/${ride.id}/join`, { passengerCount: 1, dropoffLocation: 'Tampines' })).status,
      ).toBe(201);
      await waitUntil(
        () => (pushesTo(joinsOnly.endpoint).length > 0 ? true : undefined),
        PUSH_WAIT_MS,
        'the join push',
      );

      const passengers = (await organiser.get(`/api/rides/${ride.id}/passengers`)).body as {
        id: number;
        userId?: number;
      }[];
      expect(passengers).toHaveLength(1);
      const left = await passenger.delete(`/api/rides/${ride.id}/passengers/${passengers[0]!.id}`);
      expect(left.status).toBe(200);
      await waitUntil(
        () => (pushesTo(leavesOnly.endpoint).length > 0 ? true : undefined),
        PUSH_WAIT_MS,
        'the leave push',
      );

      expect(pushesTo(joinsOnly.endpoint)).toHaveLength(1);
      expect(pushesTo(leavesOnly.endpoint)).toHaveLength(1);
      expect((decryptPush(pushesTo(leavesOnly.endpoint)[0]!, leavesOnly.device) as { title: string }).title).toBe(
        'pushkpax person left your ride',
      );
    });

    it('wakes each device once for a burst of ride edits, and a member keeps only the 10 newest devices (issue 22 §2)', async () => {
      const organiser = await registerOverHttp(baseUrl, 'pushburst');
      const passenger = await registerOverHttp(baseUrl, 'pushbpax');
      const body = sgToFcRide();
      const ride = (await organiser.post('/api/rides', body)).body as { id: number };
      expect(
        (await passenger.post(`/api/rides/${ride.id}/join`, { passengerCount: 1, dropoffLocation: 'Pasir Ris MRT' }))
          .status,
      ).toBe(201);
      // Twelve devices saved; the first two are replaced by the last two.
      const devices = Array.from({ length: 12 }, () => ({ device: newSubscriber(), endpoint: endpointOf('ok') }));
      for (const { device, endpoint } of devices) await subscribe(passenger, endpoint, device, ['ride_changed']);

      for (const pickup of ['Tampines MRT', 'Bedok MRT', 'Changi Airport T3', 'Bishan MRT']) {
        expect((await organiser.patch(`/api/rides/${ride.id}`, { ...body, pickupLocation: pickup })).status).toBe(200);
      }
      const kept = devices.slice(2);
      await waitUntil(
        () => (kept.every(({ endpoint }) => pushesTo(endpoint).length > 0) ? true : undefined),
        PUSH_WAIT_MS,
        'a push on each kept device',
      );
      // Time for any later push to arrive, were one sent.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // Every edit reached the inbox.
      const inbox = await passenger.get('/api/notifications');
      expect((inbox.body.items as { kind: string }[]).filter((item) => item.kind === 'ride_changed')).toHaveLength(4);
      expect(kept.map(({ endpoint }) => pushesTo(endpoint).length)).toEqual(Array(10).fill(1));
      expect(devices.slice(0, 2).map(({ endpoint }) => pushesTo(endpoint).length)).toEqual([0, 0]);
      const payload = decryptPush(pushesTo(kept[0]!.endpoint)[0]!, kept[0]!.device) as { url: string };
      expect(payload.url).toBe(`/rides/${ride.id}`);
    });

    it('forgets a subscription the push service answers 410 or 404 for', async () => {
      const organiser = await registerOverHttp(baseUrl, 'pushgone');
      const ride = (await organiser.post('/api/rides', sgToFcRide())).body as { id: number };
      const gone = endpointOf('gone');
      const missing = endpointOf('missing');
      const kept = endpointOf('ok');
      await subscribe(organiser, gone, newSubscriber(), ['passenger_joined']);
      await subscribe(organiser, missing, newSubscriber(), ['passenger_joined']);
      await subscribe(organiser, kept, newSubscriber(), ['passenger_joined']);

      const passenger = await registerOverHttp(baseUrl, 'pushgpax');
      expect(
        (await passenger.post(`/api/rides/${ride.id}/join`, { passengerCount: 1, dropoffLocation: 'Bedok' })).status,
      ).toBe(201);

      await waitUntil(
        async () =>
          !(await currentSubscription(organiser, gone)).subscribed &&
          !(await currentSubscription(organiser, missing)).subscribed
            ? true
            : undefined,
        PUSH_WAIT_MS,
        'the 410 and 404 subscriptions to be deleted',
      );
      expect(pushesTo(gone)).toHaveLength(1);
      expect(pushesTo(missing)).toHaveLength(1);
      expect(pushesTo(kept)).toHaveLength(1);
      expect(await currentSubscription(organiser, kept)).toEqual({ subscribed: true, kinds: ['passenger_joined'] });
    });

    it('refuses endpoints the server must never call, with 400, and stores nothing', async () => {
      const member = await registerOverHttp(baseUrl, 'pushssrf');
      const device = newSubscriber();
      for (const endpoint of [
        'http://127.0.0.1:9/send',
        'https://10.0.0.8/send',
        'https://192.168.0.1/send',
        'https://169.254.169.254/latest',
        'https://[fe80::1]/send',
        'https://[::ffff:192.168.0.1]/send',
      ]) {
        const answer = await member.post('/api/push/subscriptions', {
          endpoint,
          keys: { p256dh: device.p256dh, auth: device.auth },
          kinds: ['passenger_joined'],
        });
        expect(answer.status, endpoint).toBe(400);
        expect((await currentSubscription(member, endpoint)).subscribed, endpoint).toBe(false);
      }
      const badKind = await member.post('/api/push/subscriptions', {
        endpoint: endpointOf('ok'),
        keys: { p256dh: device.p256dh, auth: device.auth },
        kinds: ['everything'],
      });
      expect(badKind.status).toBe(400);
      const badKeys = await member.post('/api/push/subscriptions', {
        endpoint: endpointOf('ok'),
        keys: { p256dh: 'x', auth: '' },
        kinds: [],
      });
      expect(badKeys.status).toBe(400);
    });

    it('answers malformed push input with 4xx, never 5xx', async () => {
      const member = await registerOverHttp(baseUrl, 'pushfuzz');
      const device = newSubscriber();
      const keys = { p256dh: device.p256dh, auth: device.auth };
      const bodies: unknown[] = [
        [],
        'text',
        null,
        42,
        { endpoint: 42, keys, kinds: [] },
        { endpoint: `https://127.0.0.1/\u0000`, keys, kinds: [] },
        { endpoint: `https://127.0.0.1/${'x'.repeat(3000)}`, keys, kinds: [] },
        { endpoint: endpointOf('ok'), keys: null, kinds: [] },
        { endpoint: endpointOf('ok'), keys: { ...keys, auth: 'a\u0000b'.repeat(8) }, kinds: [] },
        { endpoint: endpointOf('ok'), keys, kinds: 'passenger_joined' },
        { endpoint: endpointOf('ok'), keys, kinds: [null] },
        { endpoint: endpointOf('ok'), keys, kinds: Array(50).fill('passenger_joined') },
      ];
      for (const body of bodies) {
        const saved = await member.call('POST', '/api/push/subscriptions', body);
        expect(saved.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(saved.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
        const removed = await member.call('DELETE', '/api/push/subscriptions', body);
        expect(removed.status).toBeLessThan(500);
      }
      for (const query of [
        '',
        '?endpoint=',
        '?endpoint=%00',
        `?endpoint=${'x'.repeat(3000)}`,
        '?endpoint=a&endpoint=b',
      ]) {
        const answer = await member.get(`/api/push/subscriptions/current${query}`);
        expect(answer.status, query.slice(0, 40)).toBeLessThan(500);
      }
    });

    it('needs a member to subscribe, and turns push off for this device only', async () => {
      const device = newSubscriber();
      const visitor = await fetch(`${baseUrl}/api/push/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          endpoint: endpointOf('ok'),
          keys: { p256dh: device.p256dh, auth: device.auth },
          kinds: [],
        }),
      });
      expect(visitor.status).toBe(401);

      const member = await registerOverHttp(baseUrl, 'pushoff');
      const other = await registerOverHttp(baseUrl, 'pushother');
      const phone = endpointOf('ok');
      const laptop = endpointOf('ok');
      await subscribe(member, phone, device, ['ride_changed']);
      await subscribe(member, laptop, newSubscriber(), ['ride_changed', 'ride_deleted']);
      // Another member cannot turn this member's device off, nor read it.
      expect((await other.call('DELETE', '/api/push/subscriptions', { endpoint: phone })).status).toBe(200);
      expect((await currentSubscription(other, phone)).subscribed).toBe(false);
      expect((await currentSubscription(member, phone)).subscribed).toBe(true);

      const off = await member.call('DELETE', '/api/push/subscriptions', { endpoint: phone });
      expect(off.status).toBe(200);
      expect((await currentSubscription(member, phone)).subscribed).toBe(false);
      expect(await currentSubscription(member, laptop)).toEqual({
        subscribed: true,
        kinds: ['ride_changed', 'ride_deleted'],
      });
    });

    it('answers the join at once while the push service hangs', async () => {
      const organiser = await registerOverHttp(baseUrl, 'pushdead');
      const ride = (await organiser.post('/api/rides', sgToFcRide())).body as { id: number };
      const dead = endpointOf('dead');
      await subscribe(organiser, dead, newSubscriber(), ['passenger_joined']);
      const passenger = await registerOverHttp(baseUrl, 'pushdpax');

      const started = performance.now();
      const joined = await passenger.post(`/api/rides/${ride.id}/join`, {
        passengerCount: 1,
        dropoffLocation: 'Changi',
      });
      const elapsed = performance.now() - started;
      expect(joined.status).toBe(201);
      expect(elapsed).toBeLessThan(2_000);
      // The push was really attempted, and is still unanswered.
      await waitUntil(
        () => (pushesTo(dead).length > 0 ? true : undefined),
        PUSH_WAIT_MS,
        'the push to the dead service',
      );
      const read = await organiser.get(`/api/rides/${ride.id}`);
      expect(read.status).toBe(200);
      expect(read.body.currentPassengers).toBe(2);
    });
  });
}

webPushSuite('embedded PGlite', async () => ({ DATA_DIR: await withMigratedPglite(tempDir('pglite')) }));

if (serverUrl) {
  let database: EmptyPostgresDatabase | undefined;
  webPushSuite('PostgreSQL', async () => {
    database = await createEmptyPostgresDatabase(serverUrl, 'fc_push');
    return { DATABASE_URL: database.url };
  });
  afterAll(async () => {
    await killAllHosts();
    await database?.drop();
  });
}

describe('Web Push through the Node host without PUSH_ALLOW_LOOPBACK, with VAPID keys in the environment', () => {
  const configuredKeys = (() => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
  })();
  let host: RunningHost;
  let database: EmptyPostgresDatabase | undefined;

  beforeAll(async () => {
    if (serverUrl) database = await createEmptyPostgresDatabase(serverUrl, 'fc_push_noloop');
    host = await startHost({
      env: {
        ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: tempDir('noloop') }),
        VAPID_PUBLIC_KEY: configuredKeys.publicKey,
        VAPID_PRIVATE_KEY: configuredKeys.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
        PUSH_ALLOW_LOOPBACK: undefined,
      },
      startTimeoutMs: HOST_START_MS,
    });
  }, HOST_START_MS);

  afterAll(async () => {
    await host?.stop();
    await database?.drop();
  });

  it('hands out the VAPID key from the environment, not a generated one', async () => {
    const key = (await (await fetch(`${host.url}/api/push/key`)).json()) as { publicKey: string };
    expect(key.publicKey).toBe(configuredKeys.publicKey);
    if (database) {
      const sql = postgres(database.url, { max: 1, onnotice: () => {} });
      try {
        expect(await sql`select count(*)::integer as n from private.vapid_keys`).toEqual([{ n: 0 }]);
        // The API roles never read the stored key pair.
        for (const role of ['anon', 'authenticated']) {
          await expect(
            sql.begin(async (tx) => {
              await tx.unsafe(`set local role ${role}`);
              return tx`select private_key from private.vapid_keys`;
            }),
          ).rejects.toThrow(/permission denied/);
        }
      } finally {
        await sql.end();
      }
    }
  });

  it('refuses loopback endpoints, localhost and [::1] included, with 400', async () => {
    const member = await registerOverHttp(host.url, 'pushloop');
    const device = newSubscriber();
    for (const endpoint of [
      'https://[::1]/send',
      'https://localhost/send',
      'https://127.0.0.1:8443/send',
      'https://[::ffff:127.0.0.1]/send',
      // Names that resolve to this machine or to a cloud's metadata service (issue 22 §3).
      'https://127.0.0.1.nip.io/send',
      'https://metadata.google.internal/computeMetadata/v1/',
      receiver.endpoint('ok', 'never'),
    ]) {
      const answer = await member.post('/api/push/subscriptions', {
        endpoint,
        keys: { p256dh: device.p256dh, auth: device.auth },
        kinds: ['passenger_joined'],
      });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body).toEqual({
        message: 'Push endpoint must be a browser push service',
        code: 'invalid_input',
        params: { field: 'endpoint' },
        requestId: expect.any(String),
      });
    }
    // A public push service is accepted by the same host.
    const accepted = await member.post('/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/test-device',
      keys: { p256dh: device.p256dh, auth: device.auth },
      kinds: [],
    });
    expect(accepted.status).toBe(201);
  });
});
