// Register, login, current user, logout, sessions, login throttling, bearer transport and the
// foreign-Origin guard (SPEC §5, §7; ARCHITECTURE "Rules of the house").
import { beforeAll, describe, expect, it } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import {
  assertNoSecrets,
  clientWithCookie,
  countRows,
  expectRefusal,
  guarded,
  login,
  loginStatus,
  raw,
  registerNamed,
  tokenFromCookie,
} from '../support/accounts.ts';
import { createTestApp, PASSWORD, type TestApp, TestClient, uniqueName } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const INVALID_LOGIN = 'Invalid Discord username or password';
const vendorExtra = {
  isVendor: true,
  companyName: 'Border Cars Pte Ltd',
  driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
};

function expectRetryAfter(answer: { status: number; headers: Headers; body: any }): void {
  expectRefusal(answer, 429);
  const retryAfter = answer.headers.get('retry-after');
  expect(retryAfter).toMatch(/^[0-9]+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60);
}

describe.each(backends)('accounts: register, login, logout on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });

  describe('POST /api/register', () => {
    it('registers a member: 201, the user under SPEC names, a working session, no password', async () => {
      const name = uniqueName('mei');
      const client = new TestClient(suite.app);
      const answer = await client.post('/api/register', {
        discordUsername: name,
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        name: 'Mei Ling',
        whatsappNumber: '+65 9123 4567',
        malaysianNumber: '+60 12 345 6789',
        revolutUsername: 'meiling',
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        id: expect.any(Number),
        discordUsername: name,
        name: 'Mei Ling',
        whatsappNumber: '+6591234567',
        malaysianNumber: '+60123456789',
        revolutUsername: 'meiling',
        isVendor: false,
        companyName: null,
        driverDetails: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        vendorStatus: null,
        isAdmin: false,
        // Not chosen yet: the PWA keeps following the device's language.
        language: null,
        // Everyone on their rides sees their numbers until they choose otherwise (issue 25).
        phoneVisibility: 'ride_members',
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect(JSON.stringify(answer.body)).not.toMatch(/password|token/i);
      expect(answer.headers.get('set-cookie')).toMatch(/^fc_session=[A-Za-z0-9_-]{43};/);
      const me = await client.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(answer.body.id);
      expect(me.body.discordUsername).toBe(name);
    });

    it('registers a vendor with company name and driver details', async () => {
      const client = new TestClient(suite.app);
      const answer = await client.post('/api/register', {
        discordUsername: uniqueName('vendor'),
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        ...vendorExtra,
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        isVendor: true,
        companyName: 'Border Cars Pte Ltd',
        driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
        isAdmin: false,
      });
      expect((await client.get('/api/auth/me')).body.isVendor).toBe(true);
    });

    it('keeps no vendor fields for a member who sends them', async () => {
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: uniqueName('member'),
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        isVendor: false,
        companyName: 'Sneaky Co',
        driverDetails: { name: 'X', contact: '1', carNumber: 'Y' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ isVendor: false, companyName: null, driverDetails: null });
    });

    const refusals: Array<[string, (name: string) => Record<string, unknown>, string | RegExp]> = [
      ['no username', () => ({ password: PASSWORD }), 'Discord username is required'],
      ['a blank username', () => ({ discordUsername: '   ', password: PASSWORD }), 'Discord username is required'],
      [
        'a username that is not text',
        () => ({ discordUsername: 42, password: PASSWORD }),
        'Discord username is required',
      ],
      ['no password', (name) => ({ discordUsername: name }), 'Password is required'],
      ['an empty password', (name) => ({ discordUsername: name, password: '' }), 'Password is required'],
      [
        'a 7-character password',
        (name) => ({ discordUsername: name, password: 'seven77' }),
        'Password must be at least 8 characters long',
      ],
      [
        'a vendor without company',
        (name) => ({ discordUsername: name, password: PASSWORD, ...vendorExtra, companyName: undefined }),
        'Company name is required for vendors',
      ],
      [
        'a vendor with a blank company',
        (name) => ({ discordUsername: name, password: PASSWORD, ...vendorExtra, companyName: '  ' }),
        'Company name is required for vendors',
      ],
      [
        'a vendor without driver details',
        (name) => ({ discordUsername: name, password: PASSWORD, ...vendorExtra, driverDetails: undefined }),
        'Driver name is required for vendors',
      ],
      [
        'a vendor without driver name',
        (name) => ({
          discordUsername: name,
          password: PASSWORD,
          ...vendorExtra,
          driverDetails: { contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
        }),
        'Driver name is required for vendors',
      ],
      [
        'a vendor without driver contact',
        (name) => ({
          discordUsername: name,
          password: PASSWORD,
          ...vendorExtra,
          driverDetails: { name: 'Ali', carNumber: 'JQA 1234' },
        }),
        'Driver contact is required for vendors',
      ],
      [
        'a vendor without car number',
        (name) => ({
          discordUsername: name,
          password: PASSWORD,
          ...vendorExtra,
          driverDetails: { name: 'Ali', contact: '+60 12 345 6789' },
        }),
        'Car number is required for vendors',
      ],
      [
        'a vendor with a blank car number',
        (name) => ({
          discordUsername: name,
          password: PASSWORD,
          ...vendorExtra,
          driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: ' ' },
        }),
        'Car number is required for vendors',
      ],
      [
        'a username with a space',
        () => ({ discordUsername: 'two words', password: PASSWORD }),
        'Discord username cannot contain spaces',
      ],
      [
        'a 1-character username',
        () => ({ discordUsername: 'q', password: PASSWORD }),
        'Discord username must be at least 2 characters',
      ],
      [
        'a 41-character username',
        () => ({ discordUsername: 'u'.repeat(41), password: PASSWORD }),
        'Discord username must be at most 40 characters',
      ],
      [
        'a WhatsApp number that is not a number',
        (name) => ({ discordUsername: name, password: PASSWORD, whatsappNumber: 'call me maybe' }),
        /WhatsApp number/,
      ],
      [
        'vendor driver details that are text',
        (name) => ({ discordUsername: name, password: PASSWORD, ...vendorExtra, driverDetails: 'Ali, JQA 1234' }),
        /^Driver details must give/,
      ],
      [
        'a username with a control character',
        (name) => ({ discordUsername: `${name}\u0000`, password: PASSWORD }),
        'Discord username cannot contain control characters',
      ],
      [
        'isVendor that is not a boolean',
        (name) => ({ discordUsername: name, password: PASSWORD, isVendor: 'yes' }),
        'isVendor must be true or false',
      ],
      // bcrypt reads 72 bytes: a longer password would be silently cut, so it is refused.
      [
        'a password over 72 bytes of UTF-8',
        (name) => ({ discordUsername: name, password: 'é'.repeat(40) }),
        /at most 72/,
      ],
    ];

    it.each(refusals)('refuses %s with its message and creates nothing', async (_label, body, message) => {
      const name = uniqueName('refused');
      const usersBefore = await countRows(suite.db, 'public.users');
      const answer = await new TestClient(suite.app).post('/api/register', {
        acceptedPolicies: CURRENT_POLICIES,
        ...body(name),
      });
      expectRefusal(answer, 400, message);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await countRows(suite.db, 'public.users')).toBe(usersBefore);
      expect(
        await countRows(
          suite.db,
          'private.sessions s join public.users u on u.id = s.user_id',
          'u.discord_username = $1',
          [name],
        ),
      ).toBe(0);
    });

    it('accepts a password of exactly 8 characters', async () => {
      const name = uniqueName('eight');
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: name,
        password: 'exactly8',
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect(answer.status).toBe(201);
      expect(await loginStatus(suite.app, name, 'exactly8')).toBe(200);
    });

    it('refuses a username taken in another case with 409 and leaves the first account alone', async () => {
      const name = uniqueName('Taken');
      const first = await registerNamed(suite.app, name, { name: 'First' });
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: name.toLowerCase(),
        password: 'someone-elses-password',
        acceptedPolicies: CURRENT_POLICIES,
        name: 'Second',
      });
      expectRefusal(answer, 409, 'Discord username already exists');
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await countRows(suite.db, 'public.users', 'lower(discord_username) = lower($1)', [name])).toBe(1);
      expect(await loginStatus(suite.app, name, 'someone-elses-password')).toBe(401);
      const again = await login(suite.app, name.toUpperCase());
      expect(again.answer.status).toBe(200);
      expect(again.answer.body).toMatchObject({ id: first.user.id, name: 'First' });
    });

    it('lets exactly one of several racing registrations of one name (in different cases) win', async () => {
      const name = uniqueName('race');
      const answers = await Promise.all(
        [name, name.toUpperCase(), name.toLowerCase(), `${name[0]!.toUpperCase()}${name.slice(1)}`].map((variant) =>
          new TestClient(suite.app).post('/api/register', {
            discordUsername: variant,
            password: PASSWORD,
            acceptedPolicies: CURRENT_POLICIES,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      for (const answer of answers.filter((a) => a.status === 409)) expectRefusal(answer, 409);
      expect(await countRows(suite.db, 'public.users', 'lower(discord_username) = lower($1)', [name])).toBe(1);
    });

    it('turns blank optional contacts and name into null', async () => {
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: uniqueName('blank'),
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        name: '',
        whatsappNumber: '',
        malaysianNumber: '   ',
        revolutUsername: '',
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        name: null,
        whatsappNumber: null,
        malaysianNumber: null,
        revolutUsername: null,
      });
      const [row] = await ownerQuery<Record<string, unknown>>(
        suite.db,
        'select name, whatsapp_number, malaysian_number, revolut_username from public.users where id = $1',
        [answer.body.id],
      );
      expect(row).toEqual({ name: null, whatsapp_number: null, malaysian_number: null, revolut_username: null });
    });

    it('trims the username and the contacts', async () => {
      const name = uniqueName('trim');
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: `  ${name}  `,
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        whatsappNumber: ' +65 8000 0000 ',
      });
      expect(answer.status).toBe(201);
      expect(answer.body.discordUsername).toBe(name);
      expect(answer.body.whatsappNumber).toBe('+6580000000');
    });

    it('stores only a bcrypt hash (cost ≥ 10) and the SHA-256 of the session token', async () => {
      // As the hosts build the app: no passwordCost (the suites' cheaper one is for speed only).
      const client = await registerNamed(
        createTestApp(suite.db.database, { passwordCost: undefined }),
        uniqueName('stored'),
      );
      const [credential] = await ownerQuery<{ password_hash: string }>(
        suite.db,
        'select password_hash from private.credentials where user_id = $1',
        [client.user.id],
      );
      expect(credential!.password_hash).toMatch(/^\$2[aby]\$(1[0-9]|[2-3][0-9])\$/);
      expect(credential!.password_hash).not.toContain(PASSWORD);
      const token = tokenFromCookie(client.cookie);
      const sessions = await ownerQuery<{ token_hash: string }>(
        suite.db,
        'select token_hash from private.sessions where user_id = $1',
        [client.user.id],
      );
      expect(sessions).toHaveLength(1);
      expect(sessions[0]!.token_hash).not.toContain(token);
      const [expected] = await ownerQuery<{ hash: string }>(
        suite.db,
        `select encode(sha256(convert_to($1, 'UTF8')), 'hex') as hash`,
        [token],
      );
      expect(sessions[0]!.token_hash).toBe(expected!.hash);
    });

    it('replaces the session a client presented when it registers another account', async () => {
      const first = await registerNamed(suite.app, uniqueName('first'));
      const oldCookie = first.cookie;
      const second = await first.post('/api/register', {
        discordUsername: uniqueName('second'),
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect(second.status).toBe(201);
      expect(first.cookie).not.toBe(oldCookie);
      expect((await first.get('/api/auth/me')).body.id).toBe(second.body.id);
      expect((await clientWithCookie(suite.app, oldCookie).get('/api/auth/me')).status).toBe(401);
    });
  });

  describe('POST /api/login', () => {
    it('logs in: the user, and an HttpOnly, SameSite=Lax, Path=/ cookie that is not Secure over http', async () => {
      const member = await registerNamed(suite.app, uniqueName('login'), { name: 'Logger' });
      const client = await login(suite.app, member.user.discordUsername);
      expect(client.answer.status).toBe(200);
      expect(client.answer.body).toMatchObject({ id: member.user.id, name: 'Logger', isAdmin: false });
      expect(client.answer.body).not.toHaveProperty('token');
      expect(client.answer.body).not.toHaveProperty('password');
      const cookie = client.answer.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^fc_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
      expect(cookie).not.toMatch(/Secure/i);
      expect((await client.get('/api/auth/me')).body.id).toBe(member.user.id);
    });

    it('marks the cookie Secure when the request came over https', async () => {
      const member = await registerNamed(suite.app, uniqueName('https'));
      const client = await login(suite.app, member.user.discordUsername, PASSWORD, { 'x-forwarded-proto': 'https' });
      expect(client.answer.status).toBe(200);
      expect(client.answer.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
      expect(client.answer.headers.get('set-cookie')).toMatch(/;\s*HttpOnly/i);
      const direct = await raw(suite.app, 'POST', 'https://rides.example/api/login', {
        body: { discordUsername: member.user.discordUsername, password: PASSWORD },
      });
      expect(direct.status).toBe(200);
      expect(direct.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    });

    it('finds the account whatever the case of the username, and trims it', async () => {
      const member = await registerNamed(suite.app, uniqueName('CaseUser'));
      const upper = await login(suite.app, `  ${member.user.discordUsername.toUpperCase()} `);
      expect(upper.answer.status).toBe(200);
      expect(upper.answer.body.id).toBe(member.user.id);
    });

    it('refuses a wrong password with 401 and no session', async () => {
      const member = await registerNamed(suite.app, uniqueName('wrongpw'));
      const client = await login(suite.app, member.user.discordUsername, 'not-the-password');
      expectRefusal(client.answer, 401, INVALID_LOGIN);
      expect(client.answer.headers.get('set-cookie')).toBeNull();
      expect((await client.get('/api/auth/me')).status).toBe(401);
    });

    it('refuses an unknown username with the very same 401 answer', async () => {
      const client = await login(suite.app, uniqueName('nobody'), PASSWORD);
      expectRefusal(client.answer, 401, INVALID_LOGIN);
      expect(client.answer.headers.get('set-cookie')).toBeNull();
    });

    it('refuses a password that matches another account', async () => {
      const a = await registerNamed(suite.app, uniqueName('alpha'), { password: 'alpha-password-1' });
      await registerNamed(suite.app, uniqueName('beta'), { password: 'beta-password-22' });
      expect(await loginStatus(suite.app, a.user.discordUsername, 'beta-password-22')).toBe(401);
    });

    it.each([
      ['no username', { password: PASSWORD }, 'Discord username is required'],
      ['an empty username', { discordUsername: '', password: PASSWORD }, 'Discord username is required'],
      ['no password', { discordUsername: 'admin' }, 'Password is required'],
      ['an empty password', { discordUsername: 'admin', password: '' }, 'Password is required'],
    ])('refuses %s with 400', async (_label, body, message) => {
      const answer = await new TestClient(suite.app).post('/api/login', body);
      expectRefusal(answer, 400, message);
      expect(answer.headers.get('set-cookie')).toBeNull();
    });

    it('rotates the session: the cookie presented at login stops working after it', async () => {
      const member = await registerNamed(suite.app, uniqueName('rotate'));
      const before = member.cookie;
      const answer = await member.post('/api/login', {
        discordUsername: member.user.discordUsername,
        password: PASSWORD,
      });
      expect(answer.status).toBe(200);
      expect(member.cookie).toBeTruthy();
      expect(member.cookie).not.toBe(before);
      expect((await member.get('/api/auth/me')).status).toBe(200);
      const stale = await clientWithCookie(suite.app, before).get('/api/auth/me');
      expectRefusal(stale, 401);
      expect(await countRows(suite.db, 'private.sessions', 'user_id = $1', [member.user.id])).toBe(1);
    });

    it('leaves the session of another device working', async () => {
      const member = await registerNamed(suite.app, uniqueName('twodev'));
      const phone = await login(suite.app, member.user.discordUsername);
      expect(phone.answer.status).toBe(200);
      expect((await member.get('/api/auth/me')).status).toBe(200);
      expect((await phone.get('/api/auth/me')).status).toBe(200);
    });

    it('refuses a session past its expiry', async () => {
      const member = await registerNamed(suite.app, uniqueName('expired'));
      expect((await member.get('/api/auth/me')).status).toBe(200);
      await ownerQuery(
        suite.db,
        `update private.sessions set expires_at = now() - interval '1 minute' where user_id = $1`,
        [member.user.id],
      );
      expectRefusal(await member.get('/api/auth/me'), 401);
    });

    it('treats a made-up, malformed or oversized cookie as nobody, not as an error', async () => {
      for (const cookie of [
        'fc_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        'fc_session=not a token!',
        `fc_session=${'A'.repeat(5000)}`,
        'fc_session=',
        'other=1',
      ]) {
        const answer = await clientWithCookie(suite.app, cookie).get('/api/auth/me');
        expectRefusal(answer, 401);
      }
    });
  });

  describe('GET /api/auth/me', () => {
    it('answers 401 with a JSON message to an anonymous caller', async () => {
      const answer = await new TestClient(suite.app).get('/api/auth/me');
      expectRefusal(answer, 401);
    });

    it('flags the admin (id 1, the admin username) and nobody else', async () => {
      const me = await suite.admin.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: 1, discordUsername: 'admin', isAdmin: true });
      const member = await registerNamed(suite.app, uniqueName('plain'));
      expect((await member.get('/api/auth/me')).body.isAdmin).toBe(false);
    });
  });

  describe('POST /api/logout', () => {
    it('ends the session: the cookie is cleared and the old cookie stops working', async () => {
      const member = await registerNamed(suite.app, uniqueName('bye'));
      const oldCookie = member.cookie;
      const answer = await member.post('/api/logout');
      expect(answer.status).toBe(200);
      expect(answer.body.message).toEqual(expect.any(String));
      const cleared = answer.headers.get('set-cookie')!;
      expect(cleared).toMatch(/^fc_session=;/);
      expect(cleared).toMatch(/Max-Age=0/i);
      expect(cleared).toMatch(/Path=\//);
      expect(member.cookie).toBeNull();
      expectRefusal(await clientWithCookie(suite.app, oldCookie).get('/api/auth/me'), 401);
      expect(await countRows(suite.db, 'private.sessions', 'user_id = $1', [member.user.id])).toBe(0);
    });

    it("ends only that session: the same user's other device stays logged in", async () => {
      const member = await registerNamed(suite.app, uniqueName('multi'));
      const laptop = await login(suite.app, member.user.discordUsername);
      expect((await member.post('/api/logout')).status).toBe(200);
      expect((await laptop.get('/api/auth/me')).status).toBe(200);
    });

    it('is harmless for an anonymous caller', async () => {
      const sessionsBefore = await countRows(suite.db, 'private.sessions');
      const answer = await new TestClient(suite.app).post('/api/logout');
      expect(answer.status).toBe(200);
      expect(await countRows(suite.db, 'private.sessions')).toBe(sessionsBefore);
    });
  });

  describe('failed-login throttling', () => {
    it('gives the 6th try on one username from one client 429 with Retry-After, even with the right password', async () => {
      const member = await registerNamed(suite.app, uniqueName('locked'));
      const name = member.user.discordUsername;
      const attacker = { 'x-test-client': uniqueName('ip') };
      for (let i = 1; i <= 5; i += 1) {
        const attempt = await login(suite.app, name, `wrong-password-${i}`, attacker);
        expectRefusal(attempt.answer, 401, INVALID_LOGIN);
      }
      const sixth = await login(suite.app, name, PASSWORD, attacker);
      expectRetryAfter(sixth.answer);
      expect(sixth.answer.body.message).toMatch(/try again/i);
      expect(sixth.answer.headers.get('set-cookie')).toBeNull();
      expectRefusal(await sixth.get('/api/auth/me'), 401);
      // The owner, from their own address, is not locked out (issue 11: no lock-out from afar).
      expect((await login(suite.app, name, PASSWORD, { 'x-test-client': uniqueName('ip') })).answer.status).toBe(200);
      // Others are not affected.
      const other = await registerNamed(suite.app, uniqueName('free'));
      expect(await loginStatus(suite.app, other.user.discordUsername, PASSWORD)).toBe(200);
      // A session made before the lock still works.
      expect((await member.get('/api/auth/me')).status).toBe(200);
    });

    it('counts the username whatever its case', async () => {
      const member = await registerNamed(suite.app, uniqueName('Cased'));
      const name: string = member.user.discordUsername;
      const variants = [name, name.toUpperCase(), name.toLowerCase(), name, name.toUpperCase()];
      for (const variant of variants) expect(await loginStatus(suite.app, variant, 'wrong-password')).toBe(401);
      expectRetryAfter((await login(suite.app, name.toLowerCase(), PASSWORD)).answer);
    });

    it('clears the username count after a successful login', async () => {
      const member = await registerNamed(suite.app, uniqueName('clears'));
      const name = member.user.discordUsername;
      for (let i = 0; i < 4; i += 1) expect(await loginStatus(suite.app, name, 'wrong-password')).toBe(401);
      expect(await loginStatus(suite.app, name, PASSWORD)).toBe(200);
      for (let i = 0; i < 4; i += 1) expect(await loginStatus(suite.app, name, 'wrong-password')).toBe(401);
      expect(await loginStatus(suite.app, name, PASSWORD)).toBe(200);
    });

    it('blocks one client after 20 failures across different usernames, and only that client', async () => {
      const client = uniqueName('client');
      for (let i = 0; i < 20; i += 1) {
        const attempt = await login(suite.app, uniqueName('spray'), 'guessed-password', { 'x-test-client': client });
        expectRefusal(attempt.answer, 401, INVALID_LOGIN);
      }
      const member = await registerNamed(suite.app, uniqueName('victim'));
      const blocked = await login(suite.app, member.user.discordUsername, PASSWORD, { 'x-test-client': client });
      expectRetryAfter(blocked.answer);
      const elsewhere = await login(suite.app, member.user.discordUsername, PASSWORD, {
        'x-test-client': uniqueName('client'),
      });
      expect(elsewhere.answer.status).toBe(200);
    });

    it('does not let concurrent wrong guesses past the limit', async () => {
      const member = await registerNamed(suite.app, uniqueName('burst'));
      const name = member.user.discordUsername;
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          login(suite.app, name, `burst-guess-${i}`).then((client) => client.answer),
        ),
      );
      const evaluated = answers.filter((answer) => answer.status === 401).length;
      const throttled = answers.filter((answer) => answer.status === 429).length;
      expect(evaluated + throttled).toBe(12);
      expect(evaluated).toBeLessThanOrEqual(5);
      expectRetryAfter((await login(suite.app, name, PASSWORD)).answer);
    });
  });

  describe('bearer transport', () => {
    let bearerApp: TestApp;
    beforeAll(() => {
      bearerApp = guarded(createTestApp(suite.db.database, { sessionTransport: 'bearer' }));
    });

    it('returns a token from register that alone authenticates', async () => {
      const answer = await new TestClient(bearerApp).post('/api/register', {
        discordUsername: uniqueName('bearer'),
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect(answer.status).toBe(201);
      expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const client = new TestClient(bearerApp);
      client.bearer = answer.body.token;
      const me = await client.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(answer.body.id);
      expect(me.body).not.toHaveProperty('token');
    });

    it('returns a new token at each login; bearer logout ends it', async () => {
      const member = await registerNamed(bearerApp, uniqueName('bearer'));
      const first = await new TestClient(bearerApp).post('/api/login', {
        discordUsername: member.user.discordUsername,
        password: PASSWORD,
      });
      expect(first.status).toBe(200);
      expect(first.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.body.token).not.toBe(member.user.token);
      const client = new TestClient(bearerApp);
      client.bearer = first.body.token;
      expect((await client.get('/api/auth/me')).body.id).toBe(member.user.id);
      expect((await client.post('/api/logout')).status).toBe(200);
      expectRefusal(await client.get('/api/auth/me'), 401);
      // The register session is another one and still works.
      const registered = new TestClient(bearerApp);
      registered.bearer = member.user.token ?? null;
      expect((await registered.get('/api/auth/me')).status).toBe(200);
    });

    it('rotates the bearer session presented at login', async () => {
      const member = await registerNamed(bearerApp, uniqueName('brot'));
      const client = new TestClient(bearerApp);
      client.bearer = member.user.token ?? null;
      const answer = await client.post('/api/login', {
        discordUsername: member.user.discordUsername,
        password: PASSWORD,
      });
      expect(answer.status).toBe(200);
      expectRefusal(await client.get('/api/auth/me'), 401);
      client.bearer = answer.body.token;
      expect((await client.get('/api/auth/me')).status).toBe(200);
    });

    it('never puts the token in the JSON in cookie mode', async () => {
      const name = uniqueName('cookie');
      const registered = await new TestClient(suite.app).post('/api/register', {
        discordUsername: name,
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect(registered.status).toBe(201);
      expect(registered.body).not.toHaveProperty('token');
      const loggedIn = await login(suite.app, name);
      expect(loggedIn.answer.status).toBe(200);
      expect(loggedIn.answer.body).not.toHaveProperty('token');
      expect(JSON.stringify(loggedIn.answer.body)).not.toContain(
        tokenFromCookie(loggedIn.answer.headers.get('set-cookie')),
      );
    });

    it('accepts a bearer token on the cookie-mode app too', async () => {
      const member = await registerNamed(suite.app, uniqueName('either'));
      const client = new TestClient(suite.app);
      client.bearer = tokenFromCookie(member.cookie);
      expect((await client.get('/api/auth/me')).body.id).toBe(member.user.id);
    });

    it('treats an unknown or malformed bearer token as nobody', async () => {
      for (const bearer of ['B'.repeat(43), 'short', 'has spaces in it and more', '../../etc/passwd']) {
        const client = new TestClient(bearerApp);
        client.bearer = bearer;
        expectRefusal(await client.get('/api/auth/me'), 401);
      }
    });
  });

  describe('foreign Origin', () => {
    const evil = { origin: 'https://evil.example' };

    it('refuses a register from another site and creates nobody', async () => {
      const name = uniqueName('csrf');
      const answer = await raw(suite.app, 'POST', '/api/register', {
        headers: evil,
        body: { discordUsername: name, password: PASSWORD, acceptedPolicies: CURRENT_POLICIES },
      });
      expectRefusal(answer, 403);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await countRows(suite.db, 'public.users', 'discord_username = $1', [name])).toBe(0);
    });

    it('refuses a login from another site without a session', async () => {
      const member = await registerNamed(suite.app, uniqueName('csrflogin'));
      const sessionsBefore = await countRows(suite.db, 'private.sessions', 'user_id = $1', [member.user.id]);
      const answer = await raw(suite.app, 'POST', '/api/login', {
        headers: evil,
        body: { discordUsername: member.user.discordUsername, password: PASSWORD },
      });
      expectRefusal(answer, 403);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await countRows(suite.db, 'private.sessions', 'user_id = $1', [member.user.id])).toBe(sessionsBefore);
    });

    it('refuses a logout from another site: the session keeps working', async () => {
      const member = await registerNamed(suite.app, uniqueName('csrfout'));
      const answer = await raw(suite.app, 'POST', '/api/logout', { headers: { ...evil, cookie: member.cookie! } });
      expectRefusal(answer, 403);
      expect((await member.get('/api/auth/me')).status).toBe(200);
    });

    it('refuses Origin: null and a cross-site fetch without Origin', async () => {
      const member = await registerNamed(suite.app, uniqueName('csrfnull'));
      const body = { currentPassword: PASSWORD, newPassword: 'hijacked-password' };
      expectRefusal(
        await raw(suite.app, 'POST', '/api/reset-password', {
          headers: { origin: 'null', cookie: member.cookie! },
          body,
        }),
        403,
      );
      expectRefusal(
        await raw(suite.app, 'POST', '/api/reset-password', {
          headers: { 'sec-fetch-site': 'cross-site', cookie: member.cookie! },
          body,
        }),
        403,
      );
      expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(200);
    });

    it('accepts its own origin (the request host) and same-origin fetch metadata', async () => {
      const member = await registerNamed(suite.app, uniqueName('same'));
      const body = { discordUsername: member.user.discordUsername, password: PASSWORD };
      const local = await raw(suite.app, 'POST', '/api/login', { headers: { origin: 'http://localhost' }, body });
      expect(local.status).toBe(200);
      const hosted = await raw(suite.app, 'POST', 'https://rides.example/api/login', {
        headers: { origin: 'https://rides.example' },
        body,
      });
      expect(hosted.status).toBe(200);
      const fetched = await raw(suite.app, 'POST', '/api/login', {
        headers: { 'sec-fetch-site': 'same-origin' },
        body,
      });
      expect(fetched.status).toBe(200);
    });

    it('serves a read to another site without CORS headers', async () => {
      const answer = await raw(suite.app, 'GET', '/api/auth/me', { headers: { ...evil, cookie: suite.admin.cookie! } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    });

    describe('with an allowed origin', () => {
      let corsApp: TestApp;
      const allowedOrigin = 'https://app.example';
      beforeAll(() => {
        corsApp = guarded(createTestApp(suite.db.database, { allowedOrigins: [allowedOrigin] }));
      });

      it('accepts a credentialed POST from it, with CORS headers', async () => {
        const member = await registerNamed(suite.app, uniqueName('cors'));
        const answer = await raw(corsApp, 'POST', '/api/login', {
          headers: { origin: allowedOrigin },
          body: { discordUsername: member.user.discordUsername, password: PASSWORD },
        });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
        expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
      });

      it('answers its preflight', async () => {
        const answer = await raw(corsApp, 'OPTIONS', '/api/login', {
          headers: {
            origin: allowedOrigin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
        expect(answer.status).toBeGreaterThanOrEqual(200);
        expect(answer.status).toBeLessThan(300);
        expect(answer.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
        expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
        expect(answer.headers.get('access-control-allow-methods')).toMatch(/POST/);
        expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
      });

      it('still refuses other origins, and gives them no CORS headers', async () => {
        const preflight = await raw(corsApp, 'OPTIONS', '/api/login', {
          headers: { ...evil, 'access-control-request-method': 'POST' },
        });
        expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
        const name = uniqueName('corsevil');
        const answer = await raw(corsApp, 'POST', '/api/register', {
          headers: evil,
          body: { discordUsername: name, password: PASSWORD, acceptedPolicies: CURRENT_POLICIES },
        });
        expectRefusal(answer, 403);
        expect(answer.headers.get('access-control-allow-origin')).toBeNull();
        expect(await countRows(suite.db, 'public.users', 'discord_username = $1', [name])).toBe(0);
      });
    });
  });

  describe('secrets', () => {
    it('are caught by the answer check this suite runs on every response', () => {
      expect(() => assertNoSecrets('{"password_hash":"x"}', 'probe')).toThrow();
      expect(() => assertNoSecrets('{"token_hash":"x"}', 'probe')).toThrow();
      expect(() => assertNoSecrets('{"h":"$2b$10$abcdefghijklmnopqrstuv"}', 'probe')).toThrow();
      expect(() => assertNoSecrets('{"message":"S$20 per stop"}', 'probe')).not.toThrow();
    });

    it('never appear in any account answer, for anyone', async () => {
      const member = await registerNamed(suite.app, uniqueName('leak'), { whatsappNumber: '+65 9000 0000' });
      const anonymous = new TestClient(suite.app);
      const answers = [
        await member.get('/api/auth/me'),
        await member.patch(`/api/users/${member.user.id}`, { name: 'Leak Check' }),
        await suite.admin.get('/api/admin/password-reset-requests'),
        await anonymous.get('/api/rides'),
        await member.get('/api/rides'),
        await anonymous.get('/api/auth/me'),
        await anonymous.post('/api/login', { discordUsername: member.user.discordUsername, password: 'nope-nope' }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBeLessThan(500);
        const text = JSON.stringify(answer.body);
        expect(text).not.toMatch(/password_hash|token_hash|\$2[aby]\$/);
      }
    });

    it('sit where no API role can read them', async () => {
      for (const role of ['anon', 'authenticated']) {
        for (const table of [
          'private.credentials',
          'private.sessions',
          'private.password_reset_codes',
          'private.login_failures',
        ]) {
          await expect(
            suite.db.database.transaction(async (tx) => {
              await tx.query(`set local role ${role}`);
              return tx.query(`select * from ${table} limit 1`);
            }),
          ).rejects.toThrow(/permission denied/i);
        }
      }
    });
  });
});
