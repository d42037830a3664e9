// Changing your own password, asking the admin for a reset, and the one-time reset code flow
// (SPEC §5 "Change password", §7; ARCHITECTURE: every session ends on a password change).
import { describe, expect, it } from 'vitest';

import {
  countRows,
  expectRefusal,
  guarded,
  login,
  loginStatus,
  NEW_PASSWORD,
  registerNamed,
} from '../support/accounts.ts';
import { createTestApp, PASSWORD, TestClient, uniqueName } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const CODE_REFUSED = /invalid or has expired/;

describe.each(backends)('password reset on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });

  async function openRequests(): Promise<Array<{ discordUsername: string; userId: number }>> {
    const answer = await suite.admin.get('/api/admin/password-reset-requests');
    expect(answer.status).toBe(200);
    return answer.body;
  }

  async function issueCode(discordUsername: string): Promise<{ code: string; expiresAt: string; message: string }> {
    const answer = await suite.admin.post('/api/admin/password-reset-codes', { discordUsername });
    expect(answer.status).toBe(201);
    return answer.body;
  }

  function complete(discordUsername: string, code: string, newPassword = NEW_PASSWORD) {
    return new TestClient(suite.app).post('/api/complete-password-reset', { discordUsername, code, newPassword });
  }

  describe('POST /api/reset-password (change your own)', () => {
    it('refuses an anonymous caller with 401', async () => {
      const answer = await new TestClient(suite.app).post('/api/reset-password', {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expectRefusal(answer, 401);
    });

    it('refuses a wrong current password with 400 and keeps the old password', async () => {
      const member = await registerNamed(suite.app, uniqueName('wrongcur'));
      const answer = await member.post('/api/reset-password', {
        currentPassword: 'not-my-password',
        newPassword: NEW_PASSWORD,
      });
      expectRefusal(answer, 400, /current password/i);
      expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(200);
      expect(await loginStatus(suite.app, member.user.discordUsername, NEW_PASSWORD)).toBe(401);
      expect((await member.get('/api/auth/me')).status).toBe(200);
    });

    it.each([
      ['no current password', { newPassword: NEW_PASSWORD }, 'Please enter your current password'],
      [
        'an empty current password',
        { currentPassword: '', newPassword: NEW_PASSWORD },
        'Please enter your current password',
      ],
      ['no new password', { currentPassword: PASSWORD }, 'Please enter a new password'],
      ['an empty new password', { currentPassword: PASSWORD, newPassword: '' }, 'Please enter a new password'],
      [
        'a 7-character new password',
        { currentPassword: PASSWORD, newPassword: 'short77' },
        'New password must be at least 8 characters long',
      ],
    ])('refuses %s with its SPEC message', async (_label, body, message) => {
      const member = await registerNamed(suite.app, uniqueName('badchange'));
      const answer = await member.post('/api/reset-password', body);
      expectRefusal(answer, 400, message);
      expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(200);
    });

    it("changes the password, ends the user's other sessions and keeps the current one", async () => {
      const member = await registerNamed(suite.app, uniqueName('changer'));
      const otherDevice = await login(suite.app, member.user.discordUsername);
      expect((await otherDevice.get('/api/auth/me')).status).toBe(200);
      const someoneElse = await registerNamed(suite.app, uniqueName('bystander'));

      const answer = await member.post('/api/reset-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: 'Password reset successful!' });

      expect((await member.get('/api/auth/me')).status).toBe(200);
      expectRefusal(await otherDevice.get('/api/auth/me'), 401);
      expect((await someoneElse.get('/api/auth/me')).status).toBe(200);
      expect(await loginStatus(suite.app, member.user.discordUsername, NEW_PASSWORD)).toBe(200);
      expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(401);
    });

    it('keeps the current bearer session in bearer mode', async () => {
      const bearerApp = guarded(createTestApp(suite.db.database, { sessionTransport: 'bearer' }));
      const member = await registerNamed(bearerApp, uniqueName('bchange'));
      const current = new TestClient(bearerApp);
      current.bearer = member.user.token ?? null;
      const other = new TestClient(bearerApp);
      other.bearer = (await login(bearerApp, member.user.discordUsername)).answer.body.token;
      const answer = await current.post('/api/reset-password', {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(answer.status).toBe(200);
      expect((await current.get('/api/auth/me')).status).toBe(200);
      expectRefusal(await other.get('/api/auth/me'), 401);
    });

    it('closes an open reset request of that user', async () => {
      const member = await registerNamed(suite.app, uniqueName('selfhelp'));
      await new TestClient(suite.app).post('/api/request-password-reset', {
        discordUsername: member.user.discordUsername,
      });
      expect((await openRequests()).map((r) => r.userId)).toContain(member.user.id);
      expect(
        (await member.post('/api/reset-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status,
      ).toBe(200);
      expect((await openRequests()).map((r) => r.userId)).not.toContain(member.user.id);
    });

    it('throttles guessing the current password: the 6th try gets 429 even when right', async () => {
      const member = await registerNamed(suite.app, uniqueName('guesser'));
      for (let i = 0; i < 5; i += 1) {
        const wrong = await member.post('/api/reset-password', {
          currentPassword: `guess-${i}-wrong`,
          newPassword: NEW_PASSWORD,
        });
        expectRefusal(wrong, 400);
      }
      const right = await member.post('/api/reset-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expectRefusal(right, 429);
      expect(right.headers.get('retry-after')).toMatch(/^[0-9]+$/);
      expect(await loginStatus(suite.app, member.user.discordUsername, NEW_PASSWORD)).toBe(429);
    });
  });

  describe('POST /api/request-password-reset', () => {
    it('answers an existing and an unknown username with the same message', async () => {
      const member = await registerNamed(suite.app, uniqueName('forgot'));
      const known = await new TestClient(suite.app).post('/api/request-password-reset', {
        discordUsername: member.user.discordUsername,
      });
      const unknown = await new TestClient(suite.app).post('/api/request-password-reset', {
        discordUsername: uniqueName('ghost'),
      });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      expect(known.body).toEqual({ message: expect.stringMatching(/admin/i) });
      expect(unknown.body).toEqual(known.body);
    });

    it('shows the admin one open request per user, however often and in whatever case they ask', async () => {
      const member = await registerNamed(suite.app, uniqueName('Asker'), { name: 'Asking Person' });
      const ghost = uniqueName('ghost');
      for (const name of [member.user.discordUsername, member.user.discordUsername.toUpperCase(), ghost]) {
        expect(
          (await new TestClient(suite.app).post('/api/request-password-reset', { discordUsername: name })).status,
        ).toBe(200);
      }
      const mine = (await openRequests()).filter((request) => request.userId === member.user.id);
      expect(mine).toEqual([
        {
          id: expect.any(Number),
          userId: member.user.id,
          discordUsername: member.user.discordUsername,
          name: 'Asking Person',
          createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ]);
      expect((await openRequests()).some((request) => request.discordUsername === ghost)).toBe(false);
      expect(await countRows(suite.db, 'public.password_reset_requests', 'user_id = $1', [member.user.id])).toBe(1);
    });

    it('keeps one open request when several arrive at once', async () => {
      const member = await registerNamed(suite.app, uniqueName('burst'));
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          new TestClient(suite.app).post('/api/request-password-reset', {
            discordUsername: member.user.discordUsername,
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(
        await countRows(suite.db, 'public.password_reset_requests', "user_id = $1 and status = 'open'", [
          member.user.id,
        ]),
      ).toBe(1);
    });

    it('takes a new request once the last one was dealt with', async () => {
      const member = await registerNamed(suite.app, uniqueName('again'));
      const ask = () =>
        new TestClient(suite.app).post('/api/request-password-reset', { discordUsername: member.user.discordUsername });
      await ask();
      await suite.admin.post('/api/admin/reset-user-password', {
        discordUsername: member.user.discordUsername,
        newPassword: NEW_PASSWORD,
      });
      expect((await openRequests()).map((r) => r.userId)).not.toContain(member.user.id);
      await ask();
      expect((await openRequests()).filter((r) => r.userId === member.user.id)).toHaveLength(1);
    });

    it('changes nothing of the account itself', async () => {
      const member = await registerNamed(suite.app, uniqueName('unchanged'));
      await new TestClient(suite.app).post('/api/request-password-reset', {
        discordUsername: member.user.discordUsername,
      });
      expect((await member.get('/api/auth/me')).status).toBe(200);
      expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(200);
    });

    it.each([
      ['no username', {}],
      ['a blank username', { discordUsername: '  ' }],
      ['a username that is not text', { discordUsername: ['admin'] }],
    ])('refuses %s with 400', async (_label, body) => {
      const before = await countRows(suite.db, 'public.password_reset_requests');
      const answer = await new TestClient(suite.app).post('/api/request-password-reset', body);
      expectRefusal(answer, 400, 'Discord username is required');
      expect(await countRows(suite.db, 'public.password_reset_requests')).toBe(before);
    });
  });

  describe('one-time reset codes', () => {
    it('issues a code: 201 with code, expiry about 24 hours out, and a message; stored only hashed', async () => {
      const member = await registerNamed(suite.app, uniqueName('coded'));
      const issued = await suite.admin.post('/api/admin/password-reset-codes', {
        discordUsername: member.user.discordUsername,
      });
      expect(issued.status).toBe(201);
      expect(issued.body).toEqual({
        code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/),
        expiresAt: expect.any(String),
        message: expect.stringContaining(member.user.discordUsername),
      });
      const hoursAhead = (Date.parse(issued.body.expiresAt) - Date.now()) / 3_600_000;
      expect(hoursAhead).toBeGreaterThan(23);
      expect(hoursAhead).toBeLessThanOrEqual(24.1);
      const rows = await ownerQuery<{ code_hash: string }>(
        suite.db,
        'select code_hash from private.password_reset_codes where user_id = $1',
        [member.user.id],
      );
      expect(rows).toHaveLength(1);
      const plain = issued.body.code.replace(/-/g, '');
      expect(rows[0]!.code_hash).not.toContain(plain);
      expect(rows[0]!.code_hash).not.toContain(issued.body.code);
    });

    it('resets the password once, ends every session of the user and closes the request', async () => {
      const member = await registerNamed(suite.app, uniqueName('redeem'));
      const phone = await login(suite.app, member.user.discordUsername);
      await new TestClient(suite.app).post('/api/request-password-reset', {
        discordUsername: member.user.discordUsername,
      });
      const { code } = await issueCode(member.user.discordUsername);

      const answer = await complete(member.user.discordUsername, code);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: expect.stringMatching(/reset/i) });
      expect(answer.headers.get('set-cookie')).toBeNull();

      expectRefusal(await member.get('/api/auth/me'), 401);
      expectRefusal(await phone.get('/api/auth/me'), 401);
      expect(await loginStatus(suite.app, member.user.discordUsername, NEW_PASSWORD)).toBe(200);
      expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(401);
      expect((await openRequests()).map((r) => r.userId)).not.toContain(member.user.id);

      const again = await complete(member.user.discordUsername, code, 'yet-another-password');
      expectRefusal(again, 400, CODE_REFUSED);
      expect(await loginStatus(suite.app, member.user.discordUsername, 'yet-another-password')).toBe(401);
    });

    it('refuses a wrong code with 400 and changes nothing', async () => {
      const member = await registerNamed(suite.app, uniqueName('wrongcode'));
      const { code } = await issueCode(member.user.discordUsername);
      const wrong = code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A');
      expectRefusal(await complete(member.user.discordUsername, wrong), 400, CODE_REFUSED);
      expect((await member.get('/api/auth/me')).status).toBe(200);
      expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(200);
      // The right code still works afterwards.
      expect((await complete(member.user.discordUsername, code)).status).toBe(200);
    });

    it('refuses an expired code with 400', async () => {
      const member = await registerNamed(suite.app, uniqueName('expired'));
      const { code } = await issueCode(member.user.discordUsername);
      await ownerQuery(
        suite.db,
        "update private.password_reset_codes set expires_at = now() - interval '1 minute' where user_id = $1",
        [member.user.id],
      );
      expectRefusal(await complete(member.user.discordUsername, code), 400, CODE_REFUSED);
      expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(200);
    });

    it('ignores case, dashes and spaces in the code', async () => {
      const member = await registerNamed(suite.app, uniqueName('sloppy'));
      const { code } = await issueCode(member.user.discordUsername);
      const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `;
      const answer = await complete(member.user.discordUsername.toUpperCase(), typed);
      expect(answer.status).toBe(200);
      expect(await loginStatus(suite.app, member.user.discordUsername, NEW_PASSWORD)).toBe(200);
      const compact = await issueCode(member.user.discordUsername);
      expect(
        (await complete(member.user.discordUsername, compact.code.replace(/-/g, ''), 'compact-password')).status,
      ).toBe(200);
    });

    it('invalidates the previous code when a new one is issued', async () => {
      const member = await registerNamed(suite.app, uniqueName('reissue'));
      const first = await issueCode(member.user.discordUsername);
      const second = await issueCode(member.user.discordUsername);
      expect(second.code).not.toBe(first.code);
      expectRefusal(await complete(member.user.discordUsername, first.code), 400, CODE_REFUSED);
      expect((await complete(member.user.discordUsername, second.code)).status).toBe(200);
    });

    it("refuses one user's code for another user", async () => {
      const owner = await registerNamed(suite.app, uniqueName('owner'));
      const thief = await registerNamed(suite.app, uniqueName('thief'));
      const { code } = await issueCode(owner.user.discordUsername);
      expectRefusal(await complete(thief.user.discordUsername, code), 400, CODE_REFUSED);
      expect(await loginStatus(suite.app, thief.user.discordUsername, PASSWORD)).toBe(200);
      expect(await loginStatus(suite.app, owner.user.discordUsername, PASSWORD)).toBe(200);
    });

    it('refuses a made-up code for a user who has none, and for an unknown user, alike', async () => {
      const member = await registerNamed(suite.app, uniqueName('nocode'));
      const known = await complete(member.user.discordUsername, 'ABCD-EFGH-JKLM');
      const unknown = await complete(uniqueName('ghost'), 'ABCD-EFGH-JKLM');
      expectRefusal(known, 400, CODE_REFUSED);
      expect(unknown.status).toBe(known.status);
      // The same answer but for the request's own id.
      expect({ ...unknown.body, requestId: null }).toEqual({ ...known.body, requestId: null });
    });

    it('lets only one of several simultaneous uses of a code through', async () => {
      const member = await registerNamed(suite.app, uniqueName('double'));
      const { code } = await issueCode(member.user.discordUsername);
      const answers = await Promise.all(
        [0, 1, 2, 3].map((i) => complete(member.user.discordUsername, code, `racing-password-${i}`)),
      );
      const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [i] : []));
      expect(winners).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status !== 200)) expectRefusal(answer, 400, CODE_REFUSED);
      // The winner's password is the one that counts; the losers' do not log in.
      const winner = winners[0]!;
      expect(await loginStatus(suite.app, member.user.discordUsername, `racing-password-${winner}`)).toBe(200);
      for (const loser of [0, 1, 2, 3].filter((i) => i !== winner)) {
        expect(await loginStatus(suite.app, member.user.discordUsername, `racing-password-${loser}`)).toBe(401);
      }
    });

    it('leaves one valid code when the admin issues several at once', async () => {
      const member = await registerNamed(suite.app, uniqueName('multi'));
      const issued = await Promise.all([0, 1, 2].map(() => issueCode(member.user.discordUsername)));
      expect(
        await countRows(suite.db, 'private.password_reset_codes', 'user_id = $1 and used_at is null', [member.user.id]),
      ).toBe(1);
      const results = [];
      for (const { code } of issued) results.push((await complete(member.user.discordUsername, code)).status);
      expect(results.filter((status) => status === 200)).toHaveLength(1);
    });

    it('throttles code guessing: after 5 wrong codes even the right one gets 429', async () => {
      const member = await registerNamed(suite.app, uniqueName('brute'));
      const { code } = await issueCode(member.user.discordUsername);
      for (let i = 0; i < 5; i += 1) {
        expectRefusal(await complete(member.user.discordUsername, `WRNG-WRNG-WRN${i + 2}`), 400, CODE_REFUSED);
      }
      const answer = await complete(member.user.discordUsername, code);
      expectRefusal(answer, 429);
      expect(answer.headers.get('retry-after')).toMatch(/^[0-9]+$/);
      expect(await loginStatus(suite.app, member.user.discordUsername, NEW_PASSWORD)).toBe(401);
    });

    it('lets a member locked out by failed logins in with a code and the new password', async () => {
      const member = await registerNamed(suite.app, uniqueName('lockedout'));
      for (let i = 0; i < 5; i += 1)
        expect(await loginStatus(suite.app, member.user.discordUsername, `forgot-it-${i}`)).toBe(401);
      expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(429);
      const { code } = await issueCode(member.user.discordUsername);
      expect((await complete(member.user.discordUsername, code)).status).toBe(200);
      expect(await loginStatus(suite.app, member.user.discordUsername, NEW_PASSWORD)).toBe(200);
    });

    it.each([
      ['no code', { newPassword: NEW_PASSWORD }, 'Reset code is required'],
      ['a blank code', { code: '   ', newPassword: NEW_PASSWORD }, 'Reset code is required'],
      ['no new password', { code: 'ABCD-EFGH-JKLM' }, 'Please enter a new password'],
      [
        'a short new password',
        { code: 'ABCD-EFGH-JKLM', newPassword: 'short' },
        'New password must be at least 8 characters long',
      ],
      [
        'no username',
        { code: 'ABCD-EFGH-JKLM', newPassword: NEW_PASSWORD, discordUsername: undefined },
        'Discord username is required',
      ],
    ])('refuses %s with 400 and uses no code', async (_label, body, message) => {
      const member = await registerNamed(suite.app, uniqueName('formcheck'));
      const { code } = await issueCode(member.user.discordUsername);
      const answer = await new TestClient(suite.app).post('/api/complete-password-reset', {
        discordUsername: member.user.discordUsername,
        ...body,
      });
      expectRefusal(answer, 400, message);
      expect((await complete(member.user.discordUsername, code)).status).toBe(200);
    });
  });
});
