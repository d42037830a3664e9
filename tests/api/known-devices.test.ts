// Issue 22, item 1: anyone could lock any member out of login by filling the per-username cap
// (100 failures in 15 minutes from anywhere: 20 addresses × 5 wrong passwords). Now a login from
// a device the member has logged in from before (a device token the api issues at each successful
// login, ADR 0018) is never refused by that cap; only unknown devices are. Every other limit
// stays, and a known device has a cap of its own. On the cookie and the bearer transport, on
// PGlite only (ADR 0021).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { sha256Hex } from '../../supabase/functions/api/lib/session.ts';
import { countRows, expectRefusal, guarded, registerAdmin } from '../support/accounts.ts';
import {
  type ApiAnswer,
  createTestApp,
  PASSWORD,
  type TestApp,
  TestClient,
  uniqueName,
} from '../support/api-client.ts';
import { createTestDatabase, oneBackend, ownerQuery, type TestDatabase } from '../support/databases.ts';

// Failed logins cost bcrypt work each, on a shared machine.
vi.setConfig({ testTimeout: 240_000 });

// The per-username cap is a row the owner can change; here it is 10 instead of 100, so each spray
// is 5 addresses × 2 wrong passwords rather than the finding's 20 × 5: the same attack, smaller.
const NAME_CAP = 10;

function deviceCookieOf(answer: ApiAnswer): string | null {
  return /fc_device=([^;]*)/.exec(answer.headers.get('set-cookie') ?? '')?.[1] ?? null;
}

// A login as a browser makes it: from an address, with the device cookie it holds (if any), or
// on the bearer transport with the device token in the body.
async function login(
  app: TestApp,
  discordUsername: string,
  password: string,
  from: { client: string; cookie?: string | null; bodyToken?: string },
): Promise<ApiAnswer> {
  const caller = new TestClient(app);
  caller.headers = { 'x-test-client': from.client, ...(from.cookie ? { cookie: `fc_device=${from.cookie}` } : {}) };
  return caller.post('/api/login', {
    discordUsername,
    password,
    ...(from.bodyToken ? { deviceToken: from.bodyToken } : {}),
  });
}

// The attack of the finding: many addresses, a few wrong passwords each (under the
// per-address caps), until the username's cap is full.
async function sprayFromStrangers(app: TestApp, discordUsername: string): Promise<void> {
  for (let address = 0; address < NAME_CAP / 2; address += 1) {
    const answers = await Promise.all(
      Array.from({ length: 2 }, (_, i) => login(app, discordUsername, `spray-${i}`, { client: `bot-${address}` })),
    );
    for (const answer of answers) expect(answer.status).toBe(401);
  }
}

function expectLockedOut(answer: ApiAnswer): void {
  expectRefusal(answer, 429, /^Too many failed attempts\. Please try again in \d+ minutes?\.$/);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe.each(oneBackend)('known devices on %s', (backend) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await registerAdmin(guarded(createTestApp(db.database)));
    await ownerQuery(db, "update private.throttle_limits set max_count = $1::integer where name = 'login:name'", [
      NAME_CAP,
    ]);
  });
  afterAll(() => db.close());

  describe('cookie transport', () => {
    let app: TestApp;
    beforeAll(() => {
      app = guarded(createTestApp(db.database));
    });

    async function member(client: string): Promise<{ name: string; device: string }> {
      const name = uniqueName('owner');
      const caller = new TestClient(app);
      caller.headers = { 'x-test-client': client };
      const answer = await caller.post('/api/register', {
        discordUsername: name,
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect(answer.status).toBe(201);
      const device = deviceCookieOf(answer);
      expect(answer.headers.get('set-cookie')).toMatch(
        /fc_device=[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/api; HttpOnly; SameSite=Strict/,
      );
      return { name, device: device! };
    }

    it('lets the owner in from a device they logged in from, anywhere, while strangers filled the username cap', async () => {
      const owner = await member('owner-home');
      // The owner logs in again later: the device gets a new token in place of the first.
      const again = await login(app, owner.name, PASSWORD, { client: 'owner-home', cookie: owner.device });
      expect(again.status).toBe(200);
      const device = deviceCookieOf(again)!;
      expect(device).not.toBe(owner.device);

      await sprayFromStrangers(app, owner.name);

      // A device nobody has logged in from, even on an address that never failed: refused.
      expectLockedOut(await login(app, owner.name, PASSWORD, { client: 'owner-cafe' }));
      // The owner's phone, at home and at the café: in.
      const atCafe = await login(app, owner.name, PASSWORD, { client: 'owner-cafe', cookie: device });
      expect(atCafe.status, JSON.stringify(atCafe.body)).toBe(200);
      const atHome = await login(app, owner.name, PASSWORD, { client: 'owner-home', cookie: deviceCookieOf(atCafe) });
      expect(atHome.status).toBe(200);
      // A token that was replaced is no known device any more.
      expectLockedOut(await login(app, owner.name, PASSWORD, { client: 'owner-cafe', cookie: device }));
      // The other caps are kept: five failures for this name from one address close that address,
      // known device or not.
      const current = deviceCookieOf(atHome);
      for (let i = 0; i < 5; i += 1) {
        expect((await login(app, owner.name, `typo-${i}`, { client: 'owner-office', cookie: current })).status).toBe(
          401,
        );
      }
      expectLockedOut(await login(app, owner.name, PASSWORD, { client: 'owner-office', cookie: current }));
    });

    it('a device token counts only for the member it was issued to', async () => {
      const victim = await member('victim-home');
      const attacker = await member('attacker-home');
      await sprayFromStrangers(app, victim.name);
      expectLockedOut(await login(app, victim.name, PASSWORD, { client: 'attacker-home', cookie: attacker.device }));
    });

    it('gives a known device a cap of its own (10 failures from anywhere), apart from the username cap', async () => {
      const owner = await member('owner-phone');
      // A stolen device token is no key: ten wrong passwords through it, from ten addresses...
      for (let i = 0; i < 10; i += 1) {
        const answer = await login(app, owner.name, `guess-${i}`, { client: `roaming-${i}`, cookie: owner.device });
        expect(answer.status).toBe(401);
      }
      // ...and that device is refused, even with the right password, wherever it is.
      expectLockedOut(await login(app, owner.name, PASSWORD, { client: 'roaming-new', cookie: owner.device }));
      // Its failures are not the unknown devices' count: a new device still gets in.
      expect((await login(app, owner.name, PASSWORD, { client: 'owner-laptop' })).status).toBe(200);
    });

    it('keeps only the hash of a device token, and the newest 20 devices of a member', async () => {
      const owner = await member('owner-many');
      const [{ id }] = await ownerQuery<{ id: number }>(db, 'select id from public.users where discord_username = $1', [
        owner.name,
      ]);
      const [row] = await ownerQuery<{ token_hash: string }>(
        db,
        'select token_hash from private.login_devices where user_id = $1',
        [id],
      );
      expect(row!.token_hash).toBe(await sha256Hex(owner.device));
      expect(await countRows(db, 'private.login_devices', 'token_hash = $1', [owner.device])).toBe(0);

      const devices: string[] = [owner.device];
      for (let i = 0; i < 21; i += 1) {
        devices.push(deviceCookieOf(await login(app, owner.name, PASSWORD, { client: `browser-${i}` }))!);
      }
      expect(await countRows(db, 'private.login_devices', 'user_id = $1', [id])).toBe(20);
      const kept = await ownerQuery<{ token_hash: string }>(
        db,
        'select token_hash from private.login_devices where user_id = $1',
        [id],
      );
      const expected = await Promise.all(devices.slice(-20).map((token) => sha256Hex(token)));
      expect(kept.map((r) => r.token_hash).sort()).toEqual(expected.sort());
    });
  });

  describe('bearer transport (Set-Cookie dropped by the gateway)', () => {
    let app: TestApp;
    beforeAll(() => {
      app = guarded(createTestApp(db.database, { sessionTransport: 'bearer' }));
    });

    it('hands the device token out in the answer and takes it back in the login body', async () => {
      const name = uniqueName('bearer');
      const caller = new TestClient(app);
      caller.headers = { 'x-test-client': 'tab-home' };
      const registered = await caller.post('/api/register', {
        discordUsername: name,
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect(registered.status).toBe(201);
      expect(registered.body.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(registered.body.deviceToken).not.toBe(registered.body.token);

      await sprayFromStrangers(app, name);

      expectLockedOut(await login(app, name, PASSWORD, { client: 'tab-away' }));
      const back = await login(app, name, PASSWORD, { client: 'tab-away', bodyToken: registered.body.deviceToken });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(back.body.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(back.body.deviceToken).not.toBe(registered.body.deviceToken);
    });

    it('never puts a device token in a cookie-mode answer', async () => {
      const cookieApp = guarded(createTestApp(db.database));
      const caller = new TestClient(cookieApp);
      caller.headers = { 'x-test-client': 'cookie-only' };
      const answer = await caller.post('/api/register', {
        discordUsername: uniqueName('cookie'),
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect(answer.status).toBe(201);
      expect(answer.body).not.toHaveProperty('deviceToken');
      expect(answer.body).not.toHaveProperty('token');
    });
  });
});
