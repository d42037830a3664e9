// The admin endpoints: who the admin is (user id 1 whose username is the admin username), the
// reset-request list, resetting a member's password, issuing one-time codes (SPEC §6, §7) and
// reviewing vendor applications (issue 11: vendors are vouched for).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import {
  countRows,
  expectRefusal,
  guarded,
  login,
  loginStatus,
  NEW_PASSWORD,
  registerAdmin,
  registerNamed,
  snapshot,
} from '../support/accounts.ts';
import {
  createRide,
  createTestApp,
  type Member,
  PASSWORD,
  type TestApp,
  TestClient,
  uniqueName,
} from '../support/api-client.ts';
import { createTestDatabase, oneBackend, ownerQuery, type TestDatabase } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const vendorExtra = {
  isVendor: true,
  companyName: 'Border Cars Pte Ltd',
  driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
};

const adminCalls: Array<[string, string, (target: string) => Record<string, unknown> | undefined]> = [
  ['GET', '/api/admin/password-reset-requests', () => undefined],
  [
    'POST',
    '/api/admin/reset-user-password',
    (target) => ({ discordUsername: target, newPassword: 'taken-over-password' }),
  ],
  ['POST', '/api/admin/password-reset-codes', (target) => ({ discordUsername: target })],
];

describe.each(oneBackend)('admin on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });
  let member: Member;
  let vendor: Member;

  beforeAll(async () => {
    member = await registerNamed(suite.app, uniqueName('member'));
    vendor = await registerNamed(suite.app, uniqueName('vendor'), vendorExtra);
  });

  async function openRequests(): Promise<any[]> {
    const answer = await suite.admin.get('/api/admin/password-reset-requests');
    expect(answer.status).toBe(200);
    return answer.body;
  }

  function askForReset(discordUsername: string) {
    return new TestClient(suite.app).post('/api/request-password-reset', { discordUsername });
  }

  describe('who may call /api/admin/*', () => {
    it('is the user with id 1 named like the admin username', async () => {
      const me = await suite.admin.get('/api/auth/me');
      expect(me.body).toMatchObject({ id: 1, discordUsername: 'admin', isAdmin: true });
    });

    it.each(adminCalls)(
      'refuses %s %s to an anonymous caller with 401 and changes nothing',
      async (method, path, body) => {
        const target = await registerNamed(suite.app, uniqueName('target'));
        const before = await snapshot(suite.db);
        const answer = await new TestClient(suite.app).call(method, path, body(target.user.discordUsername));
        expectRefusal(answer, 401);
        expect(await snapshot(suite.db)).toEqual(before);
        expect(await loginStatus(suite.app, target.user.discordUsername, PASSWORD)).toBe(200);
      },
    );

    it.each(adminCalls)(
      'refuses %s %s to a member and to a vendor with 403 and changes nothing',
      async (method, path, body) => {
        const target = await registerNamed(suite.app, uniqueName('target'));
        for (const caller of [member, vendor]) {
          const before = await snapshot(suite.db);
          const answer = await caller.call(method, path, body(target.user.discordUsername));
          expectRefusal(answer, 403);
          expect(await snapshot(suite.db)).toEqual(before);
        }
        expect(await loginStatus(suite.app, target.user.discordUsername, PASSWORD)).toBe(200);
        expect((await target.get('/api/auth/me')).status).toBe(200);
      },
    );

    it('refuses a member even when the body is bad (authorisation comes first)', async () => {
      expectRefusal(await member.post('/api/admin/reset-user-password', {}), 403);
      expectRefusal(await member.post('/api/admin/password-reset-codes', '[1,2'), 403);
    });

    it('does not honour an admin flag the caller sends', async () => {
      const answer = await member.call('GET', '/api/admin/password-reset-requests?isAdmin=true');
      expectRefusal(answer, 403);
      const patched = await member.patch(`/api/users/${member.user.id}`, { isAdmin: true, id: 1 });
      expect(patched.status).toBe(200);
      expect(patched.body.isAdmin).toBe(false);
      expectRefusal(await member.get('/api/admin/password-reset-requests'), 403);
    });

    it('ends admin rights with the session: after logout the old cookie gets 401', async () => {
      const second = await login(suite.app, 'admin');
      expect((await second.get('/api/admin/password-reset-requests')).status).toBe(200);
      const cookie = second.cookie;
      await second.post('/api/logout');
      const stale = new TestClient(suite.app);
      stale.cookie = cookie;
      expectRefusal(await stale.get('/api/admin/password-reset-requests'), 401);
    });
  });

  describe('an "admin" who is not user 1, and user 1 with another name', () => {
    let other: TestDatabase;
    let defaultApp: TestApp;
    let bossApp: TestApp;
    let boss: Member;

    beforeAll(async () => {
      other = await createTestDatabase(backend);
      defaultApp = guarded(createTestApp(other.database));
      bossApp = guarded(createTestApp(other.database, { adminUsername: 'boss' }));
      // Id 1 is reserved for the app's admin username (issue 11): 'boss' gets it through bossApp,
      // whose admin it is; the default app (admin 'admin') then sees user 1 under another name.
      const registered = await registerNamed(bossApp, 'boss');
      boss = Object.assign(new TestClient(defaultApp), { cookie: registered.cookie, user: undefined as any });
      boss.user = (await boss.get('/api/auth/me')).body;
    });
    afterAll(() => other.close());

    it('refuses "Admin" registered second: a reserved name makes no account to pose with (issue 22 §7)', async () => {
      const usersBefore = await countRows(other, 'public.users');
      for (const name of ['Admin', 'BOSS']) {
        const answer = await new TestClient(bossApp).post('/api/register', {
          discordUsername: name,
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
        });
        expectRefusal(answer, 409);
      }
      expect(await countRows(other, 'public.users')).toBe(usersBefore);
      expect(await loginStatus(defaultApp, 'boss', PASSWORD)).toBe(200);
    });

    it('gives no admin rights to user 1 when the admin username is another', async () => {
      expect(boss.user.id).toBe(1);
      expect(boss.user.isAdmin).toBe(false);
      expectRefusal(await boss.get('/api/admin/password-reset-requests'), 403);
    });

    it('makes user 1 the admin when the admin username matches it', async () => {
      const asBoss = await login(bossApp, 'boss');
      expect(asBoss.answer.body).toMatchObject({ id: 1, isAdmin: true });
      expect((await asBoss.get('/api/admin/password-reset-requests')).status).toBe(200);
    });
  });

  describe('GET /api/admin/password-reset-requests', () => {
    it('lists open requests oldest first with who asked, and nothing secret', async () => {
      const first = await registerNamed(suite.app, uniqueName('first'), {
        name: 'First Asker',
        whatsappNumber: '+65 9000 0001',
      });
      const second = await registerNamed(suite.app, uniqueName('second'));
      await askForReset(first.user.discordUsername);
      await askForReset(second.user.discordUsername);
      const list = await openRequests();
      const mine = list.filter((r) => [first.user.id, second.user.id].includes(r.userId));
      expect(mine).toEqual([
        {
          id: expect.any(Number),
          userId: first.user.id,
          discordUsername: first.user.discordUsername,
          name: 'First Asker',
          createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
        {
          id: expect.any(Number),
          userId: second.user.id,
          discordUsername: second.user.discordUsername,
          name: null,
          createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ]);
      expect(JSON.stringify(list)).not.toMatch(/password|token|hash|whatsapp/i);
    });

    it('shows one request per user however often they ask', async () => {
      const asker = await registerNamed(suite.app, uniqueName('often'));
      for (let i = 0; i < 3; i += 1) await askForReset(asker.user.discordUsername);
      expect((await openRequests()).filter((r) => r.userId === asker.user.id)).toHaveLength(1);
    });

    it('answers an empty list, not an error, when nobody asked', async () => {
      const empty = await createTestDatabase(backend);
      try {
        const emptyApp = guarded(createTestApp(empty.database));
        const emptyAdmin = await registerAdmin(emptyApp);
        const answer = await emptyAdmin.get('/api/admin/password-reset-requests');
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual([]);
      } finally {
        await empty.close();
      }
    });
  });

  describe('POST /api/admin/reset-user-password', () => {
    it("resets the password, ends that user's sessions and closes their request", async () => {
      const target = await registerNamed(suite.app, uniqueName('helped'));
      const laptop = await login(suite.app, target.user.discordUsername);
      await askForReset(target.user.discordUsername);
      expect((await openRequests()).map((r) => r.userId)).toContain(target.user.id);
      const bystander = await registerNamed(suite.app, uniqueName('bystander'));

      const answer = await suite.admin.post('/api/admin/reset-user-password', {
        discordUsername: target.user.discordUsername.toUpperCase(),
        newPassword: NEW_PASSWORD,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: expect.stringMatching(/reset/i) });

      expectRefusal(await target.get('/api/auth/me'), 401);
      expectRefusal(await laptop.get('/api/auth/me'), 401);
      expect(await countRows(suite.db, 'private.sessions', 'user_id = $1', [target.user.id])).toBe(0);
      expect(await loginStatus(suite.app, target.user.discordUsername, NEW_PASSWORD)).toBe(200);
      expect(await loginStatus(suite.app, target.user.discordUsername, PASSWORD)).toBe(401);
      expect((await openRequests()).map((r) => r.userId)).not.toContain(target.user.id);
      expect(
        await countRows(
          suite.db,
          'public.password_reset_requests',
          "user_id = $1 and status = 'done' and resolved_at is not null",
          [target.user.id],
        ),
      ).toBe(1);
      // The admin and everyone else stay logged in.
      expect((await suite.admin.get('/api/auth/me')).status).toBe(200);
      expect((await bystander.get('/api/auth/me')).status).toBe(200);
    });

    it('works for a user who never asked', async () => {
      const target = await registerNamed(suite.app, uniqueName('unasked'));
      const answer = await suite.admin.post('/api/admin/reset-user-password', {
        discordUsername: target.user.discordUsername,
        newPassword: NEW_PASSWORD,
      });
      expect(answer.status).toBe(200);
      expect(await loginStatus(suite.app, target.user.discordUsername, NEW_PASSWORD)).toBe(200);
    });

    it('lets a member locked out by failed logins log in at once with the new password', async () => {
      const target = await registerNamed(suite.app, uniqueName('lockedout'));
      for (let i = 0; i < 5; i += 1)
        expect(await loginStatus(suite.app, target.user.discordUsername, `forgot-${i}-pw`)).toBe(401);
      expect(await loginStatus(suite.app, target.user.discordUsername, PASSWORD)).toBe(429);
      const answer = await suite.admin.post('/api/admin/reset-user-password', {
        discordUsername: target.user.discordUsername,
        newPassword: NEW_PASSWORD,
      });
      expect(answer.status).toBe(200);
      expect(await loginStatus(suite.app, target.user.discordUsername, NEW_PASSWORD)).toBe(200);
    });

    it('keeps the admin session when the admin resets their own password', async () => {
      const original = suite.admin;
      const second = await login(suite.app, 'admin');
      const answer = await second.post('/api/admin/reset-user-password', {
        discordUsername: 'admin',
        newPassword: NEW_PASSWORD,
      });
      expect(answer.status).toBe(200);
      expect((await second.get('/api/admin/password-reset-requests')).status).toBe(200);
      // Like any password change, the admin's other sessions end.
      expectRefusal(await original.get('/api/auth/me'), 401);
      // Put it back for the other tests, through the same path.
      const back = await second.post('/api/admin/reset-user-password', {
        discordUsername: 'admin',
        newPassword: PASSWORD,
      });
      expect(back.status).toBe(200);
      expect(await loginStatus(suite.app, 'admin', PASSWORD)).toBe(200);
      suite.admin = Object.assign(second, { user: original.user });
    });

    it('answers 404 for an unknown user and changes nothing', async () => {
      const before = await snapshot(suite.db);
      const answer = await suite.admin.post('/api/admin/reset-user-password', {
        discordUsername: uniqueName('nobody'),
        newPassword: NEW_PASSWORD,
      });
      expectRefusal(answer, 404);
      expect(answer.body.message).toMatch(/no user/i);
      expect(await snapshot(suite.db)).toEqual(before);
    });

    it.each([
      ['no username', () => ({ newPassword: NEW_PASSWORD }), "Please enter the user's Discord username"],
      [
        'a blank username',
        () => ({ discordUsername: '  ', newPassword: NEW_PASSWORD }),
        "Please enter the user's Discord username",
      ],
      ['no new password', (name: string) => ({ discordUsername: name }), 'Please enter a new password'],
      [
        'a 7-character new password',
        (name: string) => ({ discordUsername: name, newPassword: 'short77' }),
        'New password must be at least 8 characters long',
      ],
    ])('refuses %s with 400', async (_label, body, message) => {
      const target = await registerNamed(suite.app, uniqueName('form'));
      const answer = await suite.admin.post('/api/admin/reset-user-password', body(target.user.discordUsername));
      expectRefusal(answer, 400, message);
      expect(await loginStatus(suite.app, target.user.discordUsername, PASSWORD)).toBe(200);
    });
  });

  describe('POST /api/admin/password-reset-codes', () => {
    it('issues a code for a user (201) that the user redeems', async () => {
      const target = await registerNamed(suite.app, uniqueName('coded'));
      const answer = await suite.admin.post('/api/admin/password-reset-codes', {
        discordUsername: target.user.discordUsername,
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        code: expect.any(String),
        expiresAt: expect.any(String),
        message: expect.any(String),
      });
      const redeemed = await new TestClient(suite.app).post('/api/complete-password-reset', {
        discordUsername: target.user.discordUsername,
        code: answer.body.code,
        newPassword: NEW_PASSWORD,
      });
      expect(redeemed.status).toBe(200);
      expect(await loginStatus(suite.app, target.user.discordUsername, NEW_PASSWORD)).toBe(200);
    });

    it('answers 404 for an unknown user and stores no code', async () => {
      const before = await countRows(suite.db, 'private.password_reset_codes');
      const answer = await suite.admin.post('/api/admin/password-reset-codes', {
        discordUsername: uniqueName('nobody'),
      });
      expectRefusal(answer, 404);
      expect(await countRows(suite.db, 'private.password_reset_codes')).toBe(before);
    });

    it('refuses a missing username with 400', async () => {
      expectRefusal(
        await suite.admin.post('/api/admin/password-reset-codes', {}),
        400,
        "Please enter the user's Discord username",
      );
    });

    it('does not change the password or end sessions until the code is used', async () => {
      const target = await registerNamed(suite.app, uniqueName('pending'));
      expect(
        (await suite.admin.post('/api/admin/password-reset-codes', { discordUsername: target.user.discordUsername }))
          .status,
      ).toBe(201);
      expect((await target.get('/api/auth/me')).status).toBe(200);
      expect(await loginStatus(suite.app, target.user.discordUsername, PASSWORD)).toBe(200);
    });
  });
  describe('vendor applications', () => {
    const NOTE = 'SSM profile of Border Cars Pte Ltd seen; cross-border permit for JQA 1234; called +60 12 345 6789';

    async function applicationRow(userId: number) {
      const [row] = await ownerQuery(
        suite.db,
        'select status, licence_note, decided_by from public.vendor_applications where user_id = $1::integer',
        [userId],
      );
      return row;
    }

    function applicationIn(list: any[], userId: number) {
      return list.find((application) => application.userId === userId);
    }

    it('files an application when someone registers as a vendor; the vendor reads it as vendorStatus', async () => {
      const fresh = await registerNamed(suite.app, uniqueName('applicant'), vendorExtra);
      expect(fresh.user).toMatchObject({ isVendor: true, vendorStatus: 'pending' });
      expect((await member.get('/api/auth/me')).body.vendorStatus).toBeNull();
      expect(await applicationRow(fresh.user.id)).toEqual({ status: 'pending', licence_note: null, decided_by: null });

      const list = await suite.admin.get('/api/admin/vendor-applications');
      expect(list.status).toBe(200);
      expect(applicationIn(list.body, fresh.user.id)).toEqual({
        userId: fresh.user.id,
        discordUsername: fresh.user.discordUsername,
        name: null,
        companyName: 'Border Cars Pte Ltd',
        driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
        whatsappNumber: null,
        malaysianNumber: null,
        status: 'pending',
        licenceNote: null,
        appliedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        decidedAt: null,
        upcomingAssignments: 0,
      });
      // Members are not vendors: they are not in the list.
      expect(applicationIn(list.body, member.user.id)).toBeUndefined();
    });

    it('lists pending applications first, oldest first', async () => {
      const first = await registerNamed(suite.app, uniqueName('early'), vendorExtra);
      const second = await registerNamed(suite.app, uniqueName('late'), vendorExtra);
      const approved = await registerNamed(suite.app, uniqueName('known'), vendorExtra);
      expect(
        (await suite.admin.post(`/api/admin/vendors/${approved.user.id}/approve`, { licenceNote: NOTE })).status,
      ).toBe(200);
      const list: any[] = (await suite.admin.get('/api/admin/vendor-applications')).body;
      const statuses = list.map((application) => application.status);
      expect(statuses.indexOf('approved')).toBeGreaterThan(statuses.lastIndexOf('pending'));
      const ids = list.map((application) => application.userId);
      expect(ids.indexOf(first.user.id)).toBeLessThan(ids.indexOf(second.user.id));
    });

    it('approves with the licence note: the vendor can take rides, and the note is kept', async () => {
      const applicant = await registerNamed(suite.app, uniqueName('approveme'), vendorExtra);
      const answer = await suite.admin.post(`/api/admin/vendors/${applicant.user.id}/approve`, {
        licenceNote: `  ${NOTE}  `,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(`${applicant.user.discordUsername} is approved: they can take rides now`);
      expect(answer.body.application).toMatchObject({
        status: 'approved',
        licenceNote: NOTE,
        decidedAt: expect.any(String),
      });
      expect(await applicationRow(applicant.user.id)).toEqual({
        status: 'approved',
        licence_note: NOTE,
        decided_by: 1,
      });
      expect((await applicant.get('/api/auth/me')).body.vendorStatus).toBe('approved');
      const ride = await createRide(member);
      expect((await applicant.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
    });

    it.each([
      [
        'no licence note',
        {},
        'Licence note is required: say what you checked (company, cross-border vehicle permit / plate, contact)',
      ],
      [
        'a blank licence note',
        { licenceNote: '   ' },
        'Licence note is required: say what you checked (company, cross-border vehicle permit / plate, contact)',
      ],
      ['a 501-character note', { licenceNote: 'x'.repeat(501) }, 'Licence note must be at most 500 characters'],
      [
        'a note that is not text',
        { licenceNote: 42 },
        'Licence note is required: say what you checked (company, cross-border vehicle permit / plate, contact)',
      ],
      ['a control character', { licenceNote: 'checked\u0000permit' }, 'Licence note cannot contain control characters'],
    ])('refuses an approval with %s (400) and leaves the vendor pending', async (_label, body, message) => {
      const applicant = await registerNamed(suite.app, uniqueName('badnote'), vendorExtra);
      expectRefusal(await suite.admin.post(`/api/admin/vendors/${applicant.user.id}/approve`, body), 400, message);
      expect((await applicationRow(applicant.user.id))!.status).toBe('pending');
    });

    it('accepts a 500-character note', async () => {
      const applicant = await registerNamed(suite.app, uniqueName('longnote'), vendorExtra);
      const answer = await suite.admin.post(`/api/admin/vendors/${applicant.user.id}/approve`, {
        licenceNote: 'y'.repeat(500),
      });
      expect(answer.status).toBe(200);
    });

    it('answers 404 for an unknown user, 400 for a bad id, 409 for a member who is not a vendor', async () => {
      expectRefusal(
        await suite.admin.post('/api/admin/vendors/987654/approve', { licenceNote: NOTE }),
        404,
        'User not found',
      );
      expectRefusal(await suite.admin.post('/api/admin/vendors/987654/revoke'), 404, 'User not found');
      expectRefusal(
        await suite.admin.post('/api/admin/vendors/abc/approve', { licenceNote: NOTE }),
        400,
        'Invalid user id',
      );
      expectRefusal(await suite.admin.post('/api/admin/vendors/0/revoke'), 400, 'Invalid user id');
      expectRefusal(
        await suite.admin.post(`/api/admin/vendors/${member.user.id}/approve`, { licenceNote: NOTE }),
        409,
        `${member.user.discordUsername} is not a vendor account`,
      );
      expectRefusal(await suite.admin.post(`/api/admin/vendors/${member.user.id}/revoke`), 409);
      expect(await countRows(suite.db, 'public.vendor_applications', 'user_id = $1::integer', [member.user.id])).toBe(
        0,
      );
    });

    it('answers 409 when the vendor is already in that state', async () => {
      const applicant = await registerNamed(suite.app, uniqueName('twice'), vendorExtra);
      expect(
        (await suite.admin.post(`/api/admin/vendors/${applicant.user.id}/approve`, { licenceNote: NOTE })).status,
      ).toBe(200);
      expectRefusal(
        await suite.admin.post(`/api/admin/vendors/${applicant.user.id}/approve`, { licenceNote: 'again' }),
        409,
        `${applicant.user.discordUsername} is already an approved vendor`,
      );
      expect((await applicationRow(applicant.user.id))!.licence_note).toBe(NOTE);
      expect((await suite.admin.post(`/api/admin/vendors/${applicant.user.id}/revoke`)).status).toBe(200);
      expectRefusal(
        await suite.admin.post(`/api/admin/vendors/${applicant.user.id}/revoke`),
        409,
        `${applicant.user.discordUsername} is already revoked`,
      );
    });

    it('revokes: the vendor cannot take rides, says so, and can be approved again', async () => {
      const applicant = await registerNamed(suite.app, uniqueName('revokeme'), vendorExtra);
      expect(
        (await suite.admin.post(`/api/admin/vendors/${applicant.user.id}/approve`, { licenceNote: NOTE })).status,
      ).toBe(200);
      const answer = await suite.admin.post(`/api/admin/vendors/${applicant.user.id}/revoke`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        message: `${applicant.user.discordUsername} is revoked: they cannot take rides, and 0 upcoming rides are open again`,
        application: { status: 'revoked', licenceNote: NOTE },
        released: 0,
      });
      expect((await applicant.get('/api/auth/me')).body.vendorStatus).toBe('revoked');
      const ride = await createRide(member);
      expectRefusal(
        await applicant.post(`/api/rides/${ride.id}/assign`),
        403,
        'Your vendor account is no longer approved by the admin, so it cannot take rides',
      );
      expect(
        (await suite.admin.post(`/api/admin/vendors/${applicant.user.id}/approve`, { licenceNote: 'Permit renewed' }))
          .status,
      ).toBe(200);
      expect((await applicant.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
    });

    it('refuses a pending application without approving it: revoke from pending', async () => {
      const applicant = await registerNamed(suite.app, uniqueName('reject'), vendorExtra);
      const answer = await suite.admin.post(`/api/admin/vendors/${applicant.user.id}/revoke`);
      expect(answer.status).toBe(200);
      expect(answer.body.application.status).toBe('revoked');
    });

    it.each([
      ['GET', () => '/api/admin/vendor-applications', undefined],
      ['POST', (id: number) => `/api/admin/vendors/${id}/approve`, { licenceNote: NOTE }],
      ['POST', (id: number) => `/api/admin/vendors/${id}/revoke`, undefined],
    ] as const)(
      'refuses %s %s to anonymous callers (401), members and vendors (403), changing nothing',
      async (method, path, body) => {
        const applicant = await registerNamed(suite.app, uniqueName('target'), vendorExtra);
        const before = await ownerQuery(
          suite.db,
          'select user_id, status, licence_note from public.vendor_applications order by user_id',
        );
        expectRefusal(await new TestClient(suite.app).call(method, path(applicant.user.id), body), 401);
        for (const caller of [member, vendor, applicant]) {
          expectRefusal(await caller.call(method, path(applicant.user.id), body), 403, 'Only the admin can do that');
        }
        // Authorisation comes before the body is read.
        expectRefusal(await member.post(`/api/admin/vendors/${applicant.user.id}/approve`, '[1,2'), 403);
        expect(
          await ownerQuery(
            suite.db,
            'select user_id, status, licence_note from public.vendor_applications order by user_id',
          ),
        ).toEqual(before);
      },
    );
  });
});
