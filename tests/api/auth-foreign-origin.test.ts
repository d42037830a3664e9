// The foreign-Origin guard (ARCHITECTURE "Rules of the house"): a register, login or logout from
// another site is refused and changes nothing; an allowed origin gets CORS headers and its
// preflight.
import { beforeAll, describe, expect, it } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { countRows, expectRefusal, guarded, loginStatus, raw, registerNamed } from '../support/accounts.ts';
import { createTestApp, PASSWORD, type TestApp, uniqueName } from '../support/api-client.ts';
import { backends } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

describe.each(backends)('accounts on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });

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
});
