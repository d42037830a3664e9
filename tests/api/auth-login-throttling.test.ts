// Failed logins are throttled per username and per client, with a Retry-After, and concurrent wrong
// guesses do not get past the limit (ADR 0008; PostgreSQL shows the race).
import { describe, expect, it } from 'vitest';

import { expectRefusal, INVALID_LOGIN, login, loginStatus, registerNamed } from '../support/accounts.ts';
import { PASSWORD, uniqueName } from '../support/api-client.ts';
import { backends } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

function expectRetryAfter(answer: { status: number; headers: Headers; body: any }): void {
  expectRefusal(answer, 429);
  const retryAfter = answer.headers.get('retry-after');
  expect(retryAfter).toMatch(/^[0-9]+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60);
}

describe.each(backends)('accounts on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });

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
});
