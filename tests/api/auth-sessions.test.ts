// A cookie session's life (SPEC §5 "Login form", §7): login opens it (the cookie's flags, rotation,
// expiry), /api/auth/me reads it, logout ends it and only it. Too many failed logins are
// auth-login-throttling.test.ts; the bearer transport is auth-bearer.test.ts.
import { describe, expect, it } from 'vitest';

import {
  clientWithCookie,
  countRows,
  expectRefusal,
  INVALID_LOGIN,
  login,
  loginStatus,
  raw,
  registerNamed,
} from '../support/accounts.ts';
import { PASSWORD, TestClient, uniqueName } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

describe.each(backends)('accounts on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });

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
});
