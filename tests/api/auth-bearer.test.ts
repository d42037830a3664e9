// The bearer session transport (the edge function's): register and login answer a token that alone
// authenticates, login rotates it, logout ends it; the cookie-mode app keeps the token out of its
// JSON but accepts a bearer token too.
import { beforeAll, describe, expect, it } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { expectRefusal, guarded, login, registerNamed, tokenFromCookie } from '../support/accounts.ts';
import { createTestApp, PASSWORD, type TestApp, TestClient, uniqueName } from '../support/api-client.ts';
import { backends } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

describe.each(backends)('accounts on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });

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
});
