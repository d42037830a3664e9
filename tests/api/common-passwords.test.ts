// Issue 22 §6: the most common passwords ('12345678', 'password') were accepted. The api now
// refuses the 10,000 most common (zxcvbn-ts's list, shipped with the api) wherever a password is
// set: registration, a change, the admin's reset and a reset code. On PGlite only (ADR 0021).
import { describe, expect, it } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { isCommonPassword } from '../../supabase/functions/api/lib/common-passwords.ts';
import { countRows, loginStatus, NEW_PASSWORD, registerNamed } from '../support/accounts.ts';
import { PASSWORD, TestClient, uniqueName } from '../support/api-client.ts';
import { oneBackend } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const REFUSED = {
  message: 'That password is one of the most common ones, which are guessed first. Please choose another.',
  code: 'common_password',
  params: {},
  requestId: expect.any(String),
};

describe('the common password list', () => {
  it('holds the most common ones, in any case, and not a passphrase of ours', async () => {
    for (const password of [
      '12345678',
      'password',
      'Password1',
      'QWERTYUIOP',
      'iloveyou',
      'sunshine',
      'football',
      '1qaz2wsx',
    ]) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
    for (const password of [PASSWORD, NEW_PASSWORD, 'kelong-at-forest-city-9', 'qwerty-but-longer-than-that']) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });
});

describe.each(oneBackend)('common passwords refused on %s', (backend) => {
  const suite = useSuite(backend, { admin: true, liftThrottles: true });

  it('on registration, with nothing stored', async () => {
    const before = await countRows(suite.db, 'public.users');
    for (const password of ['12345678', 'password', 'Password123', 'qwertyuiop']) {
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: uniqueName('weak'),
        password,
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect([answer.status, answer.body], password).toEqual([400, REFUSED]);
    }
    expect(await countRows(suite.db, 'public.users')).toBe(before);
  });

  it('on a change of your own password, which keeps the old one', async () => {
    const member = await registerNamed(suite.app, uniqueName('changer'));
    const answer = await member.post('/api/reset-password', { currentPassword: PASSWORD, newPassword: 'baseball' });
    expect([answer.status, answer.body]).toEqual([400, REFUSED]);
    expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(200);
    expect(await loginStatus(suite.app, member.user.discordUsername, 'baseball')).toBe(401);
  });

  it("on the admin's reset, and on a reset code, which stays good for a better password", async () => {
    const member = await registerNamed(suite.app, uniqueName('resetme'));
    const reset = await suite.admin.post('/api/admin/reset-user-password', {
      discordUsername: member.user.discordUsername,
      newPassword: 'sunshine',
    });
    expect([reset.status, reset.body]).toEqual([400, REFUSED]);

    const issued = await suite.admin.post('/api/admin/password-reset-codes', {
      discordUsername: member.user.discordUsername,
    });
    expect(issued.status).toBe(201);
    const complete = (newPassword: string) =>
      new TestClient(suite.app).post('/api/complete-password-reset', {
        discordUsername: member.user.discordUsername,
        code: issued.body.code,
        newPassword,
      });
    expect(await complete('football').then((answer) => [answer.status, answer.body])).toEqual([400, REFUSED]);
    expect((await complete(NEW_PASSWORD)).status).toBe(200);
    expect(await loginStatus(suite.app, member.user.discordUsername, NEW_PASSWORD)).toBe(200);
  });
});
